export * from './payments';
export * from './devices';
export * from './links';
export * from './assistant';
