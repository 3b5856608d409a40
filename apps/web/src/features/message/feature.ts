import { defineFeature } from '../../app/define-feature';
import { MESSAGES_PATH, MESSAGES_PERMISSION } from '../../app/paths';

/** The message centre (spec 2 §2 /myMsg). */
export const messageFeature = defineFeature({
  routes: [
    {
      path: MESSAGES_PATH,
      titleKey: 'message:routes.messages',
      access: MESSAGES_PERMISSION,
      tab: { permission: MESSAGES_PERMISSION },
      menu: { group: 'user', labelKey: 'message:menu', order: 40 },
      page: async () => (await import('./MessagePage')).MessagePage,
    },
    { path: '/myMsg', redirectTo: MESSAGES_PATH, keepQuery: true },
  ],
});
