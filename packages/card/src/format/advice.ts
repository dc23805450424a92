/** What the card tells a person about a failure: what happened and what to do. */
export interface Advice {
  title: string;
  action: string;
}

const TURN_ERRORS: Record<string, Advice> = {
  not_understood: {
    title: 'Ask Analyst could not match the question to the data.',
    action: 'Rephrase it with words from the worksheet (its column names or values).',
  },
  needs_clarification: {
    title: 'The question can be read in more than one way.',
    action: 'Ask again below, naming the reading you mean.',
  },
  not_found: {
    title: 'The worksheet is no longer available to you.',
    action: 'Ask about another worksheet, or ask the workbook owner for access.',
  },
  timeout: {
    title: 'The analysis took longer than the time limit.',
    action: 'Narrow the question (a filter, a shorter period, fewer groups) and ask again.',
  },
  interrupted: {
    title: 'The service restarted while the analysis was running.',
    action: 'Ask the question again.',
  },
  unavailable: {
    title: 'Ask Analyst is unavailable right now.',
    action: 'Try again in a minute.',
  },
  internal: {
    title: 'Something went wrong on our side.',
    action: 'Try again; if it keeps failing, contact support with the request id.',
  },
};

const TOOL_ERRORS: Record<string, Advice> = {
  invalid_argument: {
    title: 'The request was not valid.',
    action: 'Check the question (1–2000 characters) and ask again.',
  },
  not_found: {
    title: 'This analysis, or its worksheet, does not exist or is not available to you.',
    action: 'Start a new question.',
  },
  permission_denied: {
    title: 'You can read this workbook but not run Ask Analyst on it.',
    action: 'Ask a workspace admin for the analyst role.',
  },
  rate_limited: {
    title: 'Too many requests in a short time.',
    action: 'Wait a moment and try again.',
  },
  conflict: {
    title: 'The analysis changed while this request was on its way.',
    action: 'Try again.',
  },
  unavailable: TURN_ERRORS.unavailable as Advice,
  timeout: {
    title: 'The request took too long.',
    action: 'Try again.',
  },
  internal: TURN_ERRORS.internal as Advice,
  host_unreachable: {
    title: 'The card lost contact with the Ask Analyst server.',
    action: 'Check again; if it keeps failing, ask the question again in the chat.',
  },
  unreadable_result: {
    title: 'The card could not read the answer it was given.',
    action: 'Ask the question again in the chat; the assistant can still read the answer as text.',
  },
};

/** What to do when the failure comes with questions to ask instead, shown as buttons. */
const WITH_ALTERNATIVES: Record<string, string> = {
  not_understood: 'Pick a suggestion, or rephrase it with words from the worksheet.',
  needs_clarification: 'Pick the reading you mean.',
};

/** Advice for a turn that failed, by its `error.code` (and whether it offers alternatives). */
export function turnErrorAdvice(code: string, alternatives = false): Advice {
  const advice: Advice = TURN_ERRORS[code] ?? TURN_ERRORS.internal ?? { title: code, action: '' };
  const action = alternatives ? WITH_ALTERNATIVES[code] : undefined;
  return action ? { ...advice, action } : advice;
}

/** Advice for a tool error or a card problem, by its code. */
export function problemAdvice(code: string): Advice {
  return TOOL_ERRORS[code] ?? (TURN_ERRORS.internal as Advice);
}
