export { isTrainer, scopeOf, type Viewer } from "./service";
export { trainersRouter } from "./router";
