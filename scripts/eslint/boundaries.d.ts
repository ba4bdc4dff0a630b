import type { Rule } from 'eslint';

export declare const boundaries: Rule.RuleModule;
