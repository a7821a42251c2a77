// Coupons: the rules of a usable coupon and its redemption (kept once per order), and
// POST /api/validar-cupom/. The owners manage them in modules/admin/coupons.
export { couponRoutes } from './routes.js';
export { CouponRefusedError, findUsable, redeem, release, type UsableCoupon } from './service.js';
