/**
 * "Merhaba" — an example of a third-party Tezgah plugin.
 *
 * Everything the workbench draws for it is declared here as data: one menu entry, one page and
 * one dashboard widget, gated like the product's own (the widget needs the user module's view
 * action). Its code is loaded only when the page or the widget is first shown. The workbench
 * finds it by the `"tezgah": { "web": "./src/index.ts" }` field of its package.json; no kernel
 * file names it.
 */
import { Action, Module, defineWebPlugin } from '@tezgah/core';

export default defineWebPlugin({
  id: 'hello',
  title: 'Merhaba',
  version: '0.1.0',
  menu: [{ id: 'hello', title: 'Merhaba', titleKey: 'hello:menu', route: '/hello', icon: 'hand', order: 85 }],
  routes: [{ path: '/hello', title: 'Merhaba' }],
  widgets: [{ id: 'team-size', title: 'Ekip', titleKey: 'widgetTitle', module: Module.USER, actions: [Action.VIEW] }],
  load: {
    routes: { '/hello': () => import('./HelloPage') },
    widgets: { 'team-size': () => import('./TeamWidget') },
  },
  // Plugins hear each other through the event bus, never by importing each other.
  setup(host) {
    const onSwitch = ({ to }: { to: number }) => console.info(`[hello] company switched to ${to}`);
    host.bus.on('shell.company.switched', onSwitch);
    return () => host.bus.off('shell.company.switched', onSwitch);
  },
  messages: {
    tr: { menu: 'Merhaba', title: 'Merhaba, {{name}}!', company: 'Şirket: {{company}}', widgetTitle: 'Ekip', members: '{{count}} kullanıcı', greet: 'Selam ver', greeted: 'Selam gönderildi' },
    en: { menu: 'Hello', title: 'Hello, {{name}}!', company: 'Company: {{company}}', widgetTitle: 'Team', members: '{{count}} users', greet: 'Say hello', greeted: 'Hello sent' },
  },
});
