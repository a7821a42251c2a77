/**
 * POST /api/descadastrar/?t= (docs/marketing-consent-contract.md): withdraws her
 * consent to offers by e-mail, named by the token of the e-mail's link, without a login.
 */
import { UNSUBSCRIBE_TOKEN_PARAM } from '@semijoias/domain/marketing';
import { apiRequest } from '@/lib/api';

export interface UnsubscribeAnswer {
  success: true;
  message: string;
}

export function unsubscribe(token: string): Promise<UnsubscribeAnswer> {
  return apiRequest<UnsubscribeAnswer>('api/descadastrar/', {
    method: 'POST',
    query: { [UNSUBSCRIBE_TOKEN_PARAM]: token },
    auth: false,
  });
}
