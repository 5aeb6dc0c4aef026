/** id of the header's mobile drawer (aria-controls of the burger); apart so the header need not load the drawer. */
export const MOBILE_MENU_ID = 'mobile-menu';
