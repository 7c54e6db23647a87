import { request } from '../../../shared/http/client.ts';

/** PUT /credentials/password {currentPassword, newPassword} (signed-in spec 7.4). */
export const changePassword = (body: { currentPassword: string; newPassword: string }) =>
  request<{ description: string }>('/customer-management-api/credentials/password', { method: 'PUT', body });
