export interface DemoAccount {
  email: string;
  password: string;
  role: 'user' | 'organizer' | 'admin';
  firstName: string;
  lastName: string;
  /** E.164; set means the phone is verified. */
  phoneNumber?: string;
  locale: 'sr' | 'en' | 'uk' | 'ru';
  /** Organizer slugs the account is a member of. */
  organizers?: readonly string[];
}

/** Demo sign-ins created by the seed (README and tests use these). */
export const DEMO_ACCOUNTS = {
  organizer: {
    email: 'organizer@kuda.demo',
    password: 'Organizer!2026',
    role: 'organizer',
    firstName: 'Jelena',
    lastName: 'Marković',
    phoneNumber: '+381601234567',
    locale: 'sr',
    organizers: ['kuda-demo'],
  },
  admin: {
    email: 'admin@kuda.demo',
    password: 'Admin!2026demo',
    role: 'admin',
    firstName: 'Nikola',
    lastName: 'Petrović',
    locale: 'sr',
  },
  user: {
    email: 'user@kuda.demo',
    password: 'User!2026demo',
    role: 'user',
    firstName: 'Milica',
    lastName: 'Jovanović',
    phoneNumber: '+381641112233',
    locale: 'sr',
  },
  /** Door staff of the demo organizer (role `door`: check-in and guest list); joins through an invitation. */
  door: {
    email: 'door@kuda.demo',
    password: 'Door!2026demo',
    role: 'user',
    firstName: 'Dragan',
    lastName: 'Ilić',
    locale: 'sr',
  },
  /** Owner of an organizer that is not trusted yet (issue 10): what it publishes goes to the review queue. */
  newVenue: {
    email: 'newvenue@kuda.demo',
    password: 'NewVenue!2026',
    role: 'organizer',
    firstName: 'Vesna',
    lastName: 'Tomić',
    locale: 'sr',
    organizers: ['novi-talas'],
  },
  /** Has applied to publish; the application waits for the admin. */
  applicant: {
    email: 'applicant@kuda.demo',
    password: 'Applicant!2026',
    role: 'user',
    firstName: 'Stefan',
    lastName: 'Nikolić',
    locale: 'sr',
  },
} as const satisfies Record<'organizer' | 'admin' | 'user' | 'door' | 'newVenue' | 'applicant', DemoAccount>;
