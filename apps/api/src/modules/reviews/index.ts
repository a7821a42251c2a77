// Reviews from real buyers (issue 36, docs/reviews-contract.md).
export { reviewAdminRoutes, reviewPhotoRoutes, reviewRoutes } from './routes.js';
export { createReviewRequestSweep, type ReviewRequestSweep } from './requests.js';
export { anonymiseReviews, type ReviewAuditEntry } from './service.js';
export { createReviewModeration } from './moderation.js';
