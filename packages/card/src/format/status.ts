import type { TurnStatus } from '@ask-analyst/protocol';

/**
 * The status of a turn in words a user understands; the raw status (`succeeded`, `failed`…)
 * stays on the status hook's `data-status` for automation and is never shown.
 */
export function statusLabel(
  status: TurnStatus | 'waiting',
  detail: { errorCode?: string | undefined; caution?: boolean } = {},
): string {
  switch (status) {
    case 'waiting':
      return 'Starting';
    case 'queued':
      return 'Waiting to start';
    case 'running':
      return 'Working on it';
    case 'succeeded':
      return detail.caution ? 'Answered, with assumptions' : 'Answered';
    case 'cancelled':
      return 'Cancelled';
    case 'failed':
      return detail.errorCode === 'needs_clarification'
        ? 'Needs a choice'
        : detail.errorCode === 'not_understood'
          ? 'Not understood'
          : 'No answer';
  }
}
