/** The ops module's front door (decisions 295-299): what other modules may use. */
export { alertNotifications, isAlertOpen, openAlerts } from "./alerts";
export { activeHold, holdOutgoing, readSentLog, releaseOutgoing, settleFromSentLog } from "./hold";
export { type BackupRun, newestBackup, recordBackupRun } from "./backup-runs";
export { opsRouter } from "./router";
export { default as opsPlugin } from "./plugin";
export { default as metricsPlugin } from "./metrics";
