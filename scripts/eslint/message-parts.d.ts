import type { Rule } from 'eslint';

export declare const messageParts: Rule.RuleModule;
