// The message catalogue comes in parts (src/domain/messages.ts, messages-more.ts and
// messages-account.ts; each of the last two registers its texts when it loads). A browser module
// that names a key of a later part must import that part, or t() would meet the key before its
// text: this rule reports such a key in a module without the part's import. The keys are read from
// the parts themselves.
import { readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
const keysOf = (file) => [...readFileSync(path.join(root, 'src/domain', `${file}.ts`), 'utf8').matchAll(/^ {2}'([a-z_]+\.[a-z0-9_.]+)':/gm)].map((match) => match[1]);
/** Each key of a later part, by the part that holds it. */
const partOfKey = new Map(['messages-more', 'messages-account'].flatMap((part) => keysOf(part).map((key) => [key, part])));

export const messageParts = {
  meta: { type: 'problem', messages: { missing: "'{{key}}' is a text of {{part}}.ts: import it in this module (import '…/domain/{{part}}')." } },
  create(context) {
    const file = context.filename;
    if (/[\\/]domain[\\/]messages(-more|-account)?\.ts$/.test(file)) return {};
    const imported = new Set();
    const found = [];
    return {
      ImportDeclaration: (node) => {
        if (typeof node.source.value !== 'string') return;
        for (const part of ['messages-more', 'messages-account']) if (node.source.value.endsWith(part)) imported.add(part);
      },
      Literal: (node) => {
        if (typeof node.value === 'string' && partOfKey.has(node.value)) found.push(node);
      },
      'Program:exit': () => {
        for (const node of found) {
          const part = partOfKey.get(node.value);
          if (!imported.has(part)) context.report({ node, messageId: 'missing', data: { key: node.value, part } });
        }
      },
    };
  },
};
