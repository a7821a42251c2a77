/**
 * Work timed by the order sweeper besides the orders (issue 20: the store's health, the scheduled
 * backup). Its own file so those modules and the sweeper depend on this shape, not on each other.
 */
export interface SweepTask {
  /** For the log ('saúde', 'backup'). */
  name: string;
  runOnce(at: Date): Promise<unknown>;
}
