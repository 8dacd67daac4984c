import { ensureImages } from './src/server/db/seed/images';
import { seedImageSpecs } from './src/server/db/seed/image-set';
console.log('written', await ensureImages('/tmp/imgcheck', seedImageSpecs()));
