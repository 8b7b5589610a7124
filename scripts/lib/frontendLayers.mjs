import fs from 'node:fs';

// The frontend's layers (frontend/README.md), as import-x/no-restricted-paths zones for
// eslint.config.js: app composes; features use components and lib; components use lib; lib stands
// alone. Features never import each other. Paths are relative to the repository root.
const FRONTEND = './frontend/src';
const features = fs.readdirSync(new URL('../../frontend/src/features', import.meta.url));
export const frontendLayers = [
  ...features.map((feature) => ({
    target: `${FRONTEND}/features/${feature}`,
    from: `${FRONTEND}/features`,
    except: [`./${feature}`],
    message:
      'A feature does not import another feature: move what both need to src/components or src/lib.',
  })),
  {
    target: [`${FRONTEND}/features`, `${FRONTEND}/components`, `${FRONTEND}/lib`],
    from: `${FRONTEND}/app`,
    message: 'Only the app (router, shell, providers) imports from src/app.',
  },
  {
    target: [`${FRONTEND}/components`, `${FRONTEND}/lib`],
    from: `${FRONTEND}/features`,
    message: 'Shared code does not import a feature.',
  },
  {
    target: `${FRONTEND}/lib`,
    from: `${FRONTEND}/components`,
    message: 'src/lib holds no components: it does not import src/components.',
  },
];
