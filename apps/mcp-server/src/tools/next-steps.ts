import type { ServiceError } from '@ask-analyst/service';

/**
 * A service error's message with the MCP next step: which tool to call. The service words its
 * messages for every front end (the web app shows them too), so tool names are added here only.
 */
export function withNextStep(error: ServiceError): string {
  const reason = error.reason;
  switch (reason?.kind) {
    case 'conversation_not_readable':
      return `${error.message} Use list_analyses to find your conversations.`;
    case 'object_not_readable':
      return `${error.message} Use list_workbooks and get_workbook to find ${reason.noun}s you have access to.`;
    case 'nothing_to_analyse':
      return `${error.message} Use list_workbooks to see what you can read.`;
    case 'too_many_unfinished':
      return `${error.message} Follow one with get_analysis, or cancel one with cancel_analysis.`;
    case undefined:
      return error.message;
  }
}
