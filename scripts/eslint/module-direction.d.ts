import type { Rule } from 'eslint';

export declare const BACK_OFFICE: string;
export declare const moduleDirection: Rule.RuleModule;
