// Each lint rule of the import and module boundaries, and the message catalogue's parts rule,
// fires on a small bad source and stays quiet on the good one. Sources are linted under virtual
// paths inside the project (the rules judge a file by where it sits); the cycle rule reads imports
// from disk, so its fixtures are real files in a temporary folder.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Linter } from 'eslint';
import type { Rule } from 'eslint';
import tseslint from 'typescript-eslint';
import { afterAll, describe, expect, it } from 'vitest';
import { boundaries } from './boundaries.js';
import { importCycles } from './import-cycles.js';
import { messageParts } from './message-parts.js';
import { moduleDirection } from './module-direction.js';
import { serverModules } from './server-modules.js';
import { sqlInRepositories } from './sql-in-repositories.js';

const root = path.resolve(import.meta.dirname, '../..');
const rules: Record<string, Rule.RuleModule> = {
  boundaries,
  'import-cycles': importCycles ,
  'message-parts': messageParts,
  'module-direction': moduleDirection ,
  'server-modules': serverModules ,
  'sql-in-repositories': sqlInRepositories ,
};

/** The messages one rule reports for `code` as the file at `file` (absolute, or relative to the project). */
function lint(rule: string, file: string, code: string): string[] {
  const filename = path.isAbsolute(file) ? file : path.join(root, file);
  const linter = new Linter({ configType: 'flat', cwd: path.isAbsolute(file) ? path.dirname(file) : root });
  const messages = linter.verify(
    code,
    [
      {
        files: ['**/*.ts', '**/*.tsx'],
        languageOptions: { parser: tseslint.parser as Linter.Parser, sourceType: 'module' },
        plugins: { local: { rules } },
        rules: { [`local/${rule}`]: 'error' },
      },
    ],
    { filename },
  );
  return messages.map((message) => `${message.ruleId ?? 'parse'}: ${message.message}`);
}

describe('server-modules', () => {
  it("lets a test gather another module's admin-samples.ts for the permission matrix, and nothing else of it", () => {
    expect(lint('server-modules', 'server/modules/back-office/staff/permission-matrix.test.ts', "import { ORDER_SAMPLES } from '../sales/admin-samples';")).toEqual([]);
    expect(lint('server-modules', 'server/modules/back-office/staff/service.ts', "import { ORDER_SAMPLES } from '../sales/admin-samples';")).toHaveLength(1);
    expect(lint('server-modules', 'server/modules/back-office/staff/permission-matrix.test.ts', "import { createOrderRepository } from '../sales/repository';")).toHaveLength(1);
  });
  it("fails on a module importing another module's repository", () => {
    const found = lint('server-modules', 'server/modules/orders/service.ts', "import { createCartRepository } from '../cart/repository';");
    expect(found).toHaveLength(1);
    expect(found[0]).toContain("server/modules/orders must use server/modules/cart through its public file");
  });
  it("fails on a module importing another module's service or any inner file", () => {
    expect(lint('server-modules', 'server/modules/checkout/service.ts', "import { createMemberService } from '../members/service';")).toHaveLength(1);
    expect(lint('server-modules', 'server/modules/orders/routes.ts', "export { shopperOf } from '../cart/shopper';")).toHaveLength(1);
  });
  it("keeps the back office's modules apart from each other like any two modules", () => {
    expect(lint('server-modules', 'server/modules/back-office/sales/service.ts', "import { staffAudit } from '../staff/index';\nimport { y } from './repository';\nimport { o } from '../../orders';")).toEqual([]);
    expect(lint('server-modules', 'server/modules/back-office/sales/service.ts', "import { createStaffRepository } from '../staff/repository';")[0]).toContain('server/modules/back-office/sales must use server/modules/back-office/staff through its public file');
    expect(lint('server-modules', 'server/modules/back-office/content/service.ts', "import { x } from '../../cart/repository';")).toHaveLength(1);
  });
  it("allows another module's public file and its own files", () => {
    expect(lint('server-modules', 'server/modules/orders/service.ts', "import { cartModule } from '../cart/index';\nimport { x } from '../cart';\nimport { y } from './repository';")).toEqual([]);
  });
  it('fails on a plugin importing a module, even its public file', () => {
    expect(lint('server-modules', 'server/plugins/session.ts', "import { createSessionService } from '../modules/session/service';")).toHaveLength(1);
    expect(lint('server-modules', 'server/plugins/session.ts', "import type { Session } from '../modules/session/index';")[0]).toContain('A plugin must not import a module');
  });
  it('fails on a shared server folder importing a module', () => {
    expect(lint('server-modules', 'server/http/call-runner.ts', "import { cartRoutes } from '../modules/cart/index';")[0]).toContain('server/http is shared by the modules');
    expect(lint('server-modules', 'server/integrations/mail/index.ts', "import { x } from '../../modules/orders/service';")).toHaveLength(1);
  });
  it('allows a plugin its own folder and the shared server folders', () => {
    expect(lint('server-modules', 'server/plugins/session.ts', "import { createSessionStore } from './session/store';\nimport { HttpError } from '../http/http-error';")).toEqual([]);
  });
});

describe('module-direction', () => {
  it('fails on a storefront module importing a back-office module, even its public file', () => {
    const found = lint('module-direction', 'server/modules/order-history/service.ts', "import { shipmentsOfOrders } from '../back-office/sales/index';");
    expect(found).toHaveLength(1);
    expect(found[0]).toContain("must not import the back-office module 'back-office/sales'");
    expect(lint('module-direction', 'server/modules/cart/routes.ts', "export { staffRoutes } from '../back-office/staff';")).toHaveLength(1);
  });
  it("lets the back office use storefront modules and other back-office modules, and a module its own files", () => {
    const code = "import { orderRoutes } from '../../orders/index';\nimport { x } from '../staff/index';\nimport { y } from './repository';";
    expect(lint('module-direction', 'server/modules/back-office/content/service.ts', code)).toEqual([]);
    expect(lint('module-direction', 'server/modules/back-office/sales/repository.ts', "import { z } from './sales-access';")).toEqual([]);
  });
  it("fails on an index.ts re-exporting a value from a repository file", () => {
    const index = 'server/modules/jobs/index.ts';
    expect(lint('module-direction', index, "export { createJobAdminRepository } from './admin-repository';")[0]).toContain('exposes services and types, not its repositories');
    expect(lint('module-direction', index, "export { type Row, createJobRepository } from './repository';")).toHaveLength(1);
    expect(lint('module-direction', index, "export * from './repository';")).toHaveLength(1);
  });
  it('lets an index.ts re-export types from a repository, and services; other files may re-export as they like', () => {
    const index = 'server/modules/jobs/index.ts';
    expect(lint('module-direction', index, "export type { Row } from './repository';\nexport { type JobAdvertRow } from './admin-repository';\nexport { createJobService } from './service';")).toEqual([]);
    expect(lint('module-direction', 'server/modules/jobs/service.ts', "export { createJobRepository } from './repository';")).toEqual([]);
  });
});

describe('sql-in-repositories', () => {
  const service = 'server/modules/orders/service.ts';
  it('fails on a query built in a service', () => {
    const found = lint('sql-in-repositories', service, 'export const all = (db: any) => db.select().from(orders);');
    expect(found.length).toBeGreaterThanOrEqual(1);
    expect(found[0]).toContain('SQL belongs in a repository');
  });
  it('fails on a sql template, a write in a transaction and a drizzle operator import in a service', () => {
    expect(lint('sql-in-repositories', service, "import { eq } from 'drizzle-orm';")).toHaveLength(1);
    expect(lint('sql-in-repositories', service, 'const s = (sql: any) => sql`select 1`;')).toHaveLength(1);
    expect(lint('sql-in-repositories', service, 'export const run = (db: any) => db.transaction(async (tx: any) => { await tx.insert(orders).values({}); });')).toHaveLength(1);
    expect(lint('sql-in-repositories', 'server/plugins/errors.ts', 'export const go = (deps: any) => deps.db.execute(q);')).toHaveLength(1);
  });
  it('allows the same in a repository, the schema, the seeder and tests', () => {
    const code = "import { eq, sql } from 'drizzle-orm';\nexport const all = (db: any) => db.select().from(orders).where(sql`true`);";
    for (const file of ['server/modules/orders/repository.ts', 'server/modules/catalogue/listing-repository.ts', 'server/db/schema.ts', 'server/seed/index.ts', 'server/modules/orders/routes.test.ts']) {
      expect(lint('sql-in-repositories', file, code), file).toEqual([]);
    }
  });
  it('leaves ordinary code alone in a service', () => {
    const code = "import type { SQL } from 'drizzle-orm';\nconst a = Array.from(new Set([1]));\nconst m = new Map(); m.delete(1);\nexport const b = Buffer.from('x');";
    expect(lint('sql-in-repositories', service, code)).toEqual([]);
  });
});

describe('import-cycles', () => {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'import-cycles-'));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));
  const write = (name: string, code: string) => {
    const file = path.join(folder, name);
    writeFileSync(file, code);
    return file;
  };

  it('fails on two files that import each other, type-only imports included', () => {
    write('a.ts', "import { b } from './b';\nexport const a = 1;");
    const b = write('b.ts', "import type { a } from './a';\nexport const b = 2;");
    const found = lint('import-cycles', b, "import type { a } from './a';\nexport const b = 2;");
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(/Import cycle: .*b\.ts → .*a\.ts → .*b\.ts/);
  });
  it('fails on a longer circle through an index file and a dynamic import', () => {
    write('c.ts', "export * from './d';");
    write('d.ts', "export const d = () => import('./e');");
    const e = write('e.tsx', "import { d } from './c';\nexport const e = d;");
    expect(lint('import-cycles', e, "import { d } from './c';\nexport const e = d;")).toHaveLength(1);
  });
  it('allows imports that go one way', () => {
    write('f.ts', 'export const f = 1;');
    const g = write('g.ts', "import { f } from './f';\nexport const g = f;");
    expect(lint('import-cycles', g, "import { f } from './f';\nexport const g = f;")).toEqual([]);
  });
});

describe('boundaries', () => {
  it('lets src/contract import src/domain', () => {
    expect(lint('boundaries', 'src/contract/cart.ts', "import { cleanRegistration } from '../domain/registration';")).toEqual([]);
  });
  it('still keeps src/domain from importing src/contract', () => {
    expect(lint('boundaries', 'src/domain/cart.ts', "import { API_BASE } from '../contract/define';")).toHaveLength(1);
  });
  it('keeps the storefront from importing the back office', () => {
    expect(lint('boundaries', 'src/features/cart/cart.tsx', "import { adminApi } from '../../admin/api';")).toHaveLength(1);
    expect(lint('boundaries', 'src/main.tsx', "import { createAdminRouter } from './admin/router';")).toHaveLength(1);
  });
  it("lets a back-office area use the shell, its UI kit and the shared client, never another area's files", () => {
    const orders = 'src/admin/features/orders/orders-screen.tsx';
    expect(lint('boundaries', orders, "import { adminApi } from '../../api';\nimport { DataTable } from '../../ui';\nimport { ApiError } from '../../../shared/api/api-error';")).toEqual([]);
    expect(lint('boundaries', orders, "import { returnsQuery } from '../returns/api';")).toHaveLength(1);
  });
});

describe('message-parts', () => {
  const file = 'src/features/account/components/example.tsx';
  it('asks a module that names a text of a later catalogue part to import that part, and names it', () => {
    expect(lint('message-parts', file, "import { t } from '../../../domain/messages';\nexport const a = t('invoice.download');")).toEqual([
      "local/message-parts: 'invoice.download' is a text of messages-account.ts: import it in this module (import '…/domain/messages-account').",
    ]);
    expect(lint('message-parts', file, "import '../../../domain/messages-more';\nexport const a = 'invoice.download';")).toHaveLength(1);
    expect(lint('message-parts', file, "export const a = 'validation.required';")).toEqual([
      "local/message-parts: 'validation.required' is a text of messages-more.ts: import it in this module (import '…/domain/messages-more').",
    ]);
  });

  it('is quiet when the part is imported, and on the first part’s texts', () => {
    expect(lint('message-parts', file, "import '../../../domain/messages-account';\nexport const a = 'invoice.download';")).toEqual([]);
    expect(lint('message-parts', file, "import '../../../domain/messages-more';\nexport const a = 'validation.required';")).toEqual([]);
    expect(lint('message-parts', file, "export const a = 'global.error';")).toEqual([]);
  });
});
