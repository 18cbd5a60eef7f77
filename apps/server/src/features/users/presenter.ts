import { type UserPrivate, type UserPublic } from '@dynaloop/contract';
import { type UserRow } from '../../db/schema.js';

export function presentPublicUser(u: UserRow): UserPublic {
  return {
    id: u.id,
    username: u.username,
    affiliation: u.affiliation,
    avatar_url: u.avatar_url,
    examples_submitted: u.examples_submitted,
    examples_verified: u.examples_verified,
    total_fooled: u.total_fooled,
    total_verified_fooled: u.total_verified_fooled,
    total_verified_not_correct_fooled: u.total_verified_not_correct_fooled,
    total_retracted: u.total_retracted,
    models_submitted: u.models_submitted,
  };
}

export function presentPrivateUser(u: UserRow): UserPrivate {
  return {
    ...presentPublicUser(u),
    email: u.email,
    realname: u.realname,
    admin: u.admin,
    unseen_notifications: u.unseen_notifications,
    created_at: u.created_at.toISOString(),
    settings_json: JSON.stringify(u.settings_json),
  };
}
