/**
 * The screen of each route of the table (src/routes.tsx), keyed by its path pattern and loaded
 * lazily: each screen is a chunk of its own that carries only what it uses. The type makes a
 * route without a screen (or a screen without a route) a compile error. Only the protected
 * routes (app/protected-routes.tsx) load this map; the public screens are public-screens.ts's.
 */
import type { ScreenLoader } from '../lib/lazy-screen'
import { paths, type RoutePattern } from '../paths'
import { PUBLIC_SCREENS } from './public-screens'

export const SCREENS = {
  ...PUBLIC_SCREENS,
  [paths.changePassword.pattern]: () => import('../features/auth/screens/ChangePasswordScreen'),
  [paths.twoFactor.pattern]: () => import('../features/two-factor/screens/TwoFactorScreen'),
  [paths.dashboard.pattern]: () => import('../features/dashboard/screens/DashboardScreen'),
  [paths.test.pattern]: () => import('../features/charity/screens/TestScreen'),
  [paths.auditLog.pattern]: () => import('../features/audit/screens/AuditLogScreen'),
  [paths.trash.pattern]: () => import('../features/trash/screens/TrashScreen'),
  [paths.newNonprofits.pattern]: () => import('../features/charity/screens/NewNonprofitScreen'),
  [paths.newNonprofitView.pattern]: () => import('../features/charity/screens/MasterViewScreen'),
  [paths.charityList.pattern]: () => import('../features/charity/screens/CharityManagementScreen'),
  [paths.charityAdd.pattern]: () => import('../features/charity/screens/CharityFormScreen'),
  [paths.charityEdit.pattern]: () => import('../features/charity/screens/CharityFormScreen'),
  [paths.charityView.pattern]: () => import('../features/charity/screens/CharityViewScreen'),
  [paths.myNonprofit.pattern]: () => import('../features/charity/screens/CharityViewScreen'),
  [paths.causeList.pattern]: () => import('../features/cause/screens/CauseListScreen'),
  [paths.causeAdd.pattern]: () => import('../features/cause/screens/CauseFormScreen'),
  [paths.causeEdit.pattern]: () => import('../features/cause/screens/CauseFormScreen'),
  [paths.categoryList.pattern]: () => import('../features/charity-category/screens/CategoryListScreen'),
  [paths.subAdminList.pattern]: () => import('../features/sub-admin/screens/SubAdminListScreen'),
  [paths.subAdminAdd.pattern]: () => import('../features/sub-admin/screens/SubAdminFormScreen'),
  [paths.subAdminEdit.pattern]: () => import('../features/sub-admin/screens/SubAdminFormScreen'),
  [paths.subAdminView.pattern]: () => import('../features/sub-admin/screens/SubAdminViewScreen'),
  // Giving: donors, transactions, subscribed donors
  [paths.donorList.pattern]: () => import('../features/donor/screens/DonorListScreen'),
  [paths.donorAdd.pattern]: () => import('../features/donor/screens/DonorFormScreen'),
  [paths.donorEdit.pattern]: () => import('../features/donor/screens/DonorFormScreen'),
  [paths.donorView.pattern]: () => import('../features/donor/screens/DonorViewScreen'),
  [paths.transactionList.pattern]: () => import('../features/transaction/screens/TransactionListScreen'),
  [paths.transactionView.pattern]: () => import('../features/transaction/screens/TransactionViewScreen'),
  [paths.subscribedDonorList.pattern]: () => import('../features/subscribed-donor/screens/SubscribedDonorListScreen'),
  // Giving: partners, badges, service charges
  [paths.pendingPartnerList.pattern]: () => import('../features/giving-partner/screens/PendingPartnerListScreen'),
  [paths.partnerView.pattern]: () => import('../features/giving-partner/screens/PartnerViewScreen'),
  [paths.partnerList.pattern]: () => import('../features/giving-partner/screens/PartnerListScreen'),
  [paths.badgeList.pattern]: () => import('../features/badge/screens/BadgeListScreen'),
  [paths.badgeEdit.pattern]: () => import('../features/badge/screens/BadgeEditScreen'),
  [paths.serviceCharges.pattern]: () => import('../features/service-charge/screens/ServiceChargeScreen'),
  // Content: pages, leadership, FAQs, contact messages, the giving-partner page
  [paths.homepage.pattern]: () => import('../features/content-page/screens/HomepageScreen'),
  [paths.privacyPolicy.pattern]: () => import('../features/content-page/screens/CmsPageScreen'),
  [paths.termsOfUse.pattern]: () => import('../features/content-page/screens/CmsPageScreen'),
  [paths.aboutUs.pattern]: () => import('../features/content-page/screens/AboutUsScreen'),
  [paths.leadershipList.pattern]: () => import('../features/leadership/screens/LeadershipListScreen'),
  [paths.leadershipAdd.pattern]: () => import('../features/leadership/screens/LeadershipFormScreen'),
  [paths.leadershipEdit.pattern]: () => import('../features/leadership/screens/LeadershipFormScreen'),
  [paths.leadershipView.pattern]: () => import('../features/leadership/screens/LeadershipViewScreen'),
  [paths.faqCategoryList.pattern]: () => import('../features/faq-category/screens/FaqCategoryListScreen'),
  [paths.faqList.pattern]: () => import('../features/faq/screens/FaqListScreen'),
  [paths.faqListLower.pattern]: () => import('../features/faq/screens/FaqListScreen'),
  [paths.faqAdd.pattern]: () => import('../features/faq/screens/FaqFormScreen'),
  [paths.faqEdit.pattern]: () => import('../features/faq/screens/FaqFormScreen'),
  [paths.contactList.pattern]: () => import('../features/contact-us/screens/ContactListScreen'),
  [paths.contactView.pattern]: () => import('../features/contact-us/screens/ContactViewScreen'),
  [paths.givingPartnerPage.pattern]: () => import('../features/giving-partner-page/screens/GivingPartnerPageScreen'),
  // Engagement: communities (with their posts), events, reported posts
  [paths.communityList.pattern]: () => import('../features/community/screens/CommunityListScreen'),
  [paths.communityAdd.pattern]: () => import('../features/community/screens/CommunityFormScreen'),
  [paths.communityEdit.pattern]: () => import('../features/community/screens/CommunityFormScreen'),
  [paths.communityView.pattern]: () => import('../features/community/screens/CommunityViewScreen'),
  [paths.eventList.pattern]: () => import('../features/event/screens/EventListScreen'),
  [paths.eventAdd.pattern]: () => import('../features/event/screens/EventFormScreen'),
  [paths.eventEdit.pattern]: () => import('../features/event/screens/EventFormScreen'),
  [paths.eventView.pattern]: () => import('../features/event/screens/EventViewScreen'),
  [paths.reportPostList.pattern]: () => import('../features/report-post/screens/ReportPostListScreen'),
  // Chat and notifications
  [paths.notification.pattern]: () => import('../features/notification/screens/NotificationScreen'),
  [paths.chat.pattern]: () => import('../features/chat/screens/ChatScreen'),
} satisfies Record<RoutePattern, ScreenLoader>

/** The screen of a route of the table. */
export function screenOf(pattern: RoutePattern): ScreenLoader {
  return SCREENS[pattern]
}
