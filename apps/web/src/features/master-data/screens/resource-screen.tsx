import type { ComponentType } from 'react';
import { usePermissions } from '../../../lib/auth.ts';
import { Notice, Page } from '../../../components/ui/page.tsx';
import type { ResourceScreens } from '../declaration.ts';

export type ResourceScreenComponent = ComponentType<{ screens: ResourceScreens }>;

/** One master-data screen, for roles that may read master data (the student role may not). */
export function ResourceScreen({
  screens,
  Screen,
}: {
  screens: ResourceScreens;
  Screen: ResourceScreenComponent;
}) {
  const { canRead } = usePermissions();
  if (!canRead) {
    return (
      <Page title={screens.resource.title}>
        <Notice kind="info">Your role has no access to master data.</Notice>
      </Page>
    );
  }
  return <Screen screens={screens} />;
}
