// 'Saúde da loja': the store's health items checked at every sweep, and the owners' alerts.
export { createStoreHealthMonitor, type HealthItem } from './monitor.js';
export { recordRefusedNotification } from './refused-notifications.js';
