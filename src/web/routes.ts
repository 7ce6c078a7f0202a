import { type RouteConfig, index, route } from '@react-router/dev/routes';

/**
 * Spec §2: the first path segment selects the language (sr when it names none). Every page sits under an
 * optional `:lang` segment, so "/" and "/privacy-policy" are the Serbian pages.
 */
export default [
  route(':lang?', 'routes/locale-layout.tsx', [
    index('routes/home.tsx'),
    route('privacy-policy', 'routes/privacy-policy.tsx'),
    route('categories/:category/:subcategory?', 'routes/category.tsx'),
    route('events/:slugId', 'routes/event.tsx'),
    route('venues/:slugId', 'routes/venue.tsx'),
    route('search', 'routes/search.tsx'),
    route('city', 'routes/city.tsx'),
    route('login', 'routes/login.tsx'),
    route('register', 'routes/register.tsx'),
    route('forgot-password', 'routes/forgot-password.tsx'),
    route('reset-password', 'routes/reset-password.tsx'),
    route('verify-email', 'routes/verify-email.tsx'),
    route('profile', 'routes/profile.tsx'),
    route('verify-phone', 'routes/verify-phone.tsx'),
    route('delete-account', 'routes/delete-account.tsx'),
    route('auth/:provider/callback', 'routes/auth-callback.tsx'),
    route('reservations', 'routes/reservations.tsx'),
    route('reservation/new', 'routes/reservation-new.tsx'),
    route('reservation/:id', 'routes/reservation.tsx'),
    route('organizer', 'routes/organizer.tsx'),
    route('organizer/events', 'routes/organizer/events.tsx'),
    route('organizer/events/new', 'routes/organizer/event-new.tsx'),
    route('organizer/events/:id', 'routes/organizer/event-edit.tsx'),
    route('organizer/events/:id/guests', 'routes/organizer/guests.tsx'),
    route('organizer/venues', 'routes/organizer/venues.tsx'),
    route('organizer/venues/:id', 'routes/organizer/venue-edit.tsx'),
    route('organizer/team', 'routes/organizer/team.tsx'),
    route('organizer/door', 'routes/organizer/door.tsx'),
    route('organizer/apply', 'routes/organizer/apply.tsx'),
    route('admin', 'routes/admin/dashboard.tsx'),
    route('admin/taxonomy', 'routes/admin/taxonomy.tsx'),
    route('admin/applications', 'routes/admin/applications.tsx'),
    route('admin/review', 'routes/admin/review.tsx'),
    route('admin/review/:id', 'routes/admin/review-event.tsx'),
    route('admin/reports', 'routes/admin/reports.tsx'),
    route('admin/users', 'routes/admin/users.tsx'),
    route('admin/users/:id', 'routes/admin/user.tsx'),
    route('admin/audit', 'routes/admin/audit.tsx'),
    route('*', 'routes/not-found.tsx'),
  ]),
] satisfies RouteConfig;
