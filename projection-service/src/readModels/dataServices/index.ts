export { dataServicesProjection } from './projection.js';
export {
  dataServicesReader,
  type DataServiceDefinition,
  type DataServiceReport,
  type DataServicesReader,
} from './query.js';
export { dataServiceReadRoutes } from './routes.js';
