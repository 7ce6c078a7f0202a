// One schema module per domain; each later migration adds its tables in a file of its own here.
export * from './auth';
export * from './catalog';
export * from './jobs';
export * from './users';
export * from './reservations';
export * from './organizer';
export * from './admin';
export * from './keeping-posted';
export * from './saved';
