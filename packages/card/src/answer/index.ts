/**
 * The answer components of Ask Analyst, for any React app: the MCP App card renders through them,
 * and so does the product web app's conversation page. They hold no connection of their own (no
 * MCP Apps bridge, no fetch): they take an answer or a turn and call back when the user asks.
 * Styles: `import '@ask-analyst/card/answer.css'`. See the package README.
 */
import './answer.css';

export { AnswerView, type AnswerViewProps } from '../views/answer-view.js';
export { TurnView, type TurnViewProps } from '../views/turn-view.js';
export type { AskWorksheet, WorksheetChoice } from '../views/other-worksheets.js';
export { statusLabel } from '../format/status.js';
