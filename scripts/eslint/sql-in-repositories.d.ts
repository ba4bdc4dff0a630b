import type { Rule } from 'eslint';

export declare const sqlInRepositories: Rule.RuleModule;
