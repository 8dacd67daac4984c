import sharp from 'sharp';
const files = process.argv.slice(2);
const tiles = await Promise.all(files.map(f => sharp(f).resize(400, 400, { fit: 'contain', background: '#ffffff' }).png().toBuffer()));
const cols = 4, rows = Math.ceil(tiles.length / cols);
await sharp({ create: { width: cols*400, height: rows*400, channels: 3, background: '#ffffff' } })
  .composite(tiles.map((input, i) => ({ input, left: (i % cols) * 400, top: Math.floor(i / cols) * 400 }))).png().toFile('/tmp/montage.png');
