// `node --test tools/eslint`: the boundary rule refuses what CONVENTIONS.md forbids and allows the rest.
import path from 'node:path';
import { RuleTester } from 'eslint';
import { moduleBoundaries } from './module-boundaries.js';

const root = '/repo';
const at = (file) => path.join(root, file);
const tester = new RuleTester({ languageOptions: { ecmaVersion: 2024, sourceType: 'module' } });
const options = [{ root }];

tester.run('module-boundaries', moduleBoundaries, {
  valid: [
    {
      filename: at('apps/api/src/modules/students/routes.ts'),
      code: "import { a } from './service.ts';",
      options,
    },
    {
      filename: at('apps/api/src/modules/students/routes.ts'),
      code: "import { a } from '../master-data/index.ts';",
      options,
    },
    {
      filename: at('apps/api/src/modules.ts'),
      code: "import { a } from './modules/students/index.ts';",
      options,
    },
    {
      filename: at('apps/api/src/modules/students/routes.ts'),
      code: "import { a } from '../../platform/crud/crud-router.ts';",
      options,
    },
    {
      filename: at('apps/web/src/features/students/screens/list.tsx'),
      code: "import { a } from '../../../components/ui/page.tsx';",
      options,
    },
    { filename: at('packages/contracts/src/kit/index.ts'), code: "export * from './fields.ts';", options },
    {
      filename: at('packages/contracts/src/students/student.ts'),
      code: "import { a } from '../identity/index.ts';",
      options,
    },
    // i18n is a layer beside kit (messages and catalogues), not a module: kit and modules reach its files.
    {
      filename: at('packages/contracts/src/kit/errors.ts'),
      code: "import { a } from '../i18n/issues.ts';",
      options,
    },
  ],
  invalid: [
    {
      filename: at('apps/api/src/modules/students/routes.ts'),
      code: "import { a } from '../master-data/stores.ts';",
      options,
      errors: [{ messageId: 'internals' }],
    },
    {
      filename: at('apps/api/src/app.ts'),
      code: "import { a } from './modules/students/routes.ts';",
      options,
      errors: [{ messageId: 'internals' }],
    },
    {
      filename: at('apps/api/src/platform/jobs/runner.ts'),
      code: "import { a } from '../../modules/students/index.ts';",
      options,
      errors: [{ messageId: 'layering' }],
    },
    {
      filename: at('apps/web/src/components/ui/page.tsx'),
      code: "import { a } from '../../features/students/index.ts';",
      options,
      errors: [{ messageId: 'layering' }],
    },
    {
      filename: at('apps/web/src/features/exam-forms/x.tsx'),
      code: "export { a } from '../students/api/get.ts';",
      options,
      errors: [{ messageId: 'internals' }],
    },
    {
      filename: at('packages/contracts/src/kit/fields.ts'),
      code: "import { a } from '../identity/index.ts';",
      options,
      errors: [{ messageId: 'layering' }],
    },
    {
      filename: at('packages/contracts/src/students/student.ts'),
      code: "import { a } from '../identity/roles.ts';",
      options,
      errors: [{ messageId: 'internals' }],
    },
    {
      filename: at('packages/contracts/src/i18n/render.ts'),
      code: "import { a } from '../results/index.ts';",
      options,
      errors: [{ messageId: 'layering' }],
    },
  ],
});
console.log('module-boundaries: every case as expected');
