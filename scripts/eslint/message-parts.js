// The message catalogue comes in two parts (src/domain/messages.ts and messages-more.ts, which
// registers its texts when it loads). A browser module that names a key of the second part must
// import it, or t() would meet the key before its text: this rule reports such a key in a module
// without that import. The keys are read from messages-more.ts itself.
import { readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
const moreKeys = new Set([...readFileSync(path.join(root, 'src/domain/messages-more.ts'), 'utf8').matchAll(/^ {2}'([a-z_]+\.[a-z0-9_.]+)':/gm)].map((match) => match[1]));

export const messageParts = {
  meta: { type: 'problem', messages: { missing: "'{{key}}' is a text of messages-more.ts: import it in this module (import '…/domain/messages-more')." } },
  create(context) {
    const file = context.filename;
    if (/[\\/]domain[\\/]messages(-more)?\.ts$/.test(file)) return {};
    let imports = false;
    const found = [];
    return {
      ImportDeclaration: (node) => {
        if (typeof node.source.value === 'string' && node.source.value.endsWith('messages-more')) imports = true;
      },
      Literal: (node) => {
        if (typeof node.value === 'string' && moreKeys.has(node.value)) found.push(node);
      },
      'Program:exit': () => {
        if (imports) return;
        for (const node of found) context.report({ node, messageId: 'missing', data: { key: node.value } });
      },
    };
  },
};
