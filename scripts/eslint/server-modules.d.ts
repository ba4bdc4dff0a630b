import type { Rule } from 'eslint';

export declare const serverModules: Rule.RuleModule;
