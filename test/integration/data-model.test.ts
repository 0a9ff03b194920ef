import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalStack, type LocalStack } from '../support/local-stack';
import { defaultFieldConfigs } from '../../shared/field-configs';

/** Access patterns of docs/data-model.md that no API test covers yet. */
let stack: LocalStack;
beforeAll(async () => {
  stack = await startLocalStack({ web: false });
});
afterAll(() => stack?.stop());

describe('data model access patterns', () => {
  it('#4 lists users newest first through GSI1, page by page', async () => {
    const { usersStore } = await import('../../functions/storage/users');
    for (const name of ['first', 'second', 'third']) {
      await stack.createUser({ email: `list${name}`, password: 'password1', fullName: name });
      await new Promise((r) => setTimeout(r, 5));
    }
    const page1 = await usersStore.listPage(2);
    expect(page1.items.map((u) => u.loginId)).toEqual(['listthird', 'listsecond']);
    const page2 = await usersStore.listPage(2, page1.cursor);
    expect(page2.items.map((u) => u.loginId)).toEqual(['listfirst', 'devadmin']);
  });

  it('#9 reads the bootstrapped field configs in display order, and bootstrap never overwrites', async () => {
    const { fieldConfigsStore } = await import('../../functions/storage/field-configs');
    const { bootstrap } = await import('../../functions/domain/bootstrap');
    const before = await fieldConfigsStore.list();
    expect(before.map((f) => f.field_key)).toEqual(defaultFieldConfigs.map((f) => f.field_key));

    await fieldConfigsStore.put({ ...before[0], label: '검색어' });
    const again = await bootstrap({ loginId: 'devadmin', password: 'ignored-now' });
    expect(again).toEqual({ developerCreated: false, settingsWritten: 0, fieldConfigsWritten: 0 });
    expect((await fieldConfigsStore.list())[0].label).toBe('검색어');
  });
});
