/** Where people reach the team (contact page, legal pages). */
export const CONTACT_EMAIL = 'contact@dynaloop.org';
