import type { JobProgressReport } from './port.js';

/**
 * The realtime notification for a job report: event `jobProgress` to the owner's room only.
 * Shaped like the projection-service's RealtimeNotification, so `onProgress` can hand it to the
 * realtime emitter directly.
 */
export function jobProgressNotification(report: JobProgressReport): {
  event: 'jobProgress';
  rooms: string[];
  payload: JobProgressReport;
  actorId: string;
} {
  return {
    event: 'jobProgress',
    rooms: [`user:${report.ownerId}`],
    payload: report,
    actorId: report.ownerId,
  };
}
