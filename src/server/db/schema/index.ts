export * from './settings.ts';
export * from './users.ts';
export * from './catalog.ts';
export * from './commerce.ts';
export * from './content.ts';
export * from './support.ts';
export * from './limits.ts';
export * from './messaging.ts';
