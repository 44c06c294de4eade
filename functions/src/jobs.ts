/**
 * Scheduled jobs: EventBridge rules in CDK, the in-process scheduler locally, and
 * `npm run job -- <id>` to run one now. Rows are added by the issues that add jobs.
 */
export interface JobDef {
  id: string;
  /** EventBridge cron expression (six fields), UTC. */
  cron: string;
  handler: string;
  description: string;
}

export const jobs: JobDef[] = [];
