// Housekeeping: rows that no longer mean anything (old tokens, windows, caches) deleted on a schedule.
export { createHousekeeping } from './service.js';
