/**
 * Work timed by the order sweeper besides the orders (the store's health, the scheduled backup,
 * the 'Avise-me' and forgotten-cart e-mails). Its own file so those modules and the sweeper
 * depend on this shape, not on each other.
 */
export interface SweepTask {
  /** For the log ('saúde', 'backup'). */
  name: string;
  runOnce(at: Date): Promise<unknown>;
}
