export { Workbench, type WorkbenchProps } from './app/Workbench';
export { createRegistry, type Registry } from './host/registry';
