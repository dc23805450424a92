import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { recordedAnswer, recordedTurn } from '../test-support/recorded.js';
import { AnswerView, TurnView } from './index.js';

const packageDir = resolve(import.meta.dirname, '..', '..');

/** Every source file the module at `file` imports, transitively, within the package. */
function importGraph(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  const text = readFileSync(file, 'utf8');
  for (const match of text.matchAll(/from '([^']+)'/g)) {
    const specifier = match[1] ?? '';
    if (!specifier.startsWith('.')) {
      seen.add(specifier);
      continue;
    }
    const base = join(dirname(file), specifier.replace(/\.js$/, ''));
    for (const candidate of [`${base}.ts`, `${base}.tsx`]) {
      try {
        readFileSync(candidate);
        importGraph(candidate, seen);
        break;
      } catch {
        // Not this extension.
      }
    }
  }
  return seen;
}

describe('the answer components export', () => {
  it('is a named export of the package, built to an ES module with its types and styles', () => {
    const manifest = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as {
      exports: Record<string, unknown>;
      scripts: { build: string };
    };
    expect(manifest.exports['./answer']).toEqual({
      types: './dist-answer/types/answer/index.d.ts',
      default: './dist-answer/answer.js',
    });
    expect(manifest.exports['./answer.css']).toBe('./dist-answer/answer.css');
    expect(manifest.scripts.build).toContain('vite build -c vite.answer.config.ts');
    expect(manifest.scripts.build).toContain('tsc -p tsconfig.answer.json');
  });

  it('holds no MCP Apps bridge and no MCP client: only React and the protocol', () => {
    const graph = importGraph(join(packageDir, 'src', 'answer', 'index.ts'));
    const packages = [...graph].filter((entry) => !entry.startsWith('/'));
    expect(packages.filter((name) => name.startsWith('@modelcontextprotocol'))).toEqual([]);
    expect(new Set(packages)).toEqual(new Set(['@ask-analyst/protocol', 'react']));
  });

  it('renders an answer from its props and calls onAsk with the question to ask', () => {
    const onAsk = vi.fn();
    const answer = recordedAnswer('answer-bar-top');
    render(<AnswerView answer={answer} onAsk={onAsk} locale="en-US" />);
    expect(screen.getByTestId('summary').textContent).toBe(answer.summary);
    fireEvent.click(screen.getByRole('button', { name: 'average Worldwide Gross by title' }));
    expect(onAsk).toHaveBeenCalledWith('average Worldwide Gross by title');
  });

  it('renders a turn in any status, with a cancel button only when it is given onCancel', () => {
    const running = render(<TurnView turn={recordedTurn('running')} onAsk={vi.fn()} />);
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
    running.unmount();
    const onCancel = vi.fn();
    render(<TurnView turn={recordedTurn('running')} onAsk={vi.fn()} onCancel={onCancel} />);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledOnce();
  });
});
