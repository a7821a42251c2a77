import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';

/** What every part of the back office's API is given (modules/admin/routes.ts). */
export interface AdminRouteOptions {
  db: Db;
  config: Config;
  /** The outbox worker's wake(): mail queued by a call (a shipped order) goes out at once. */
  wakeOutbox: () => void;
}
