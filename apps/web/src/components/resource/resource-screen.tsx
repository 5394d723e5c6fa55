import type { ScreenKind } from '../../app/route-table.ts';
import { usePermissions } from '../../lib/auth.ts';
import { Notice, Page } from '../page.tsx';
import type { ResourceScreens } from './declaration.ts';
import { ResourceAdd } from './resource-add.tsx';
import { ResourceEdit } from './resource-edit.tsx';
import { ResourceList } from './resource-list.tsx';
import { ResourceView } from './resource-view.tsx';

const screenOf = { list: ResourceList, add: ResourceAdd, edit: ResourceEdit, view: ResourceView } as const;

/** One master-data screen, for roles that may read master data (the student role may not). */
export function ResourceScreen({ screens, kind }: { screens: ResourceScreens; kind: ScreenKind }) {
  const { canRead } = usePermissions();
  if (!canRead) {
    return (
      <Page title={screens.resource.title}>
        <Notice kind="info">Your role has no access to master data.</Notice>
      </Page>
    );
  }
  const Screen = screenOf[kind];
  return <Screen screens={screens} />;
}
