import * as entities from './index';

/**
 * Every entity, for the ORM's discovery (explicit, no folder scanning): the classes that
 * index.ts exports (its only values), so that the list of entities is written once.
 */
export const ALL_ENTITIES = Object.values(entities);
