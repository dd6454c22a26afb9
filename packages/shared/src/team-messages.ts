/**
 * Hiring teams' limits and answers, importing no schema: the web app's server-text map takes them from here
 * without pulling zod into every screen. teams.ts holds the schemas.
 */
export const CUSTOM_STAGE_NAME_MAX = 40;

export const CUSTOM_STAGES_MAX = 20;

export const TEAM_MESSAGES = {
  ownersOnly: 'Only the owners of a company can do this',
  membersOnly: 'Only the members of a company can change it',
  creatorStaysMember: 'email: The creator of a company stays a member',
  notAMember: 'email: Not a member of this company',
  creatorStaysOwner: 'role: The creator of a company stays an owner',
  invitationNotFound: 'This invitation does not exist or has expired',
  stageNotMailed: 'stage: only interview, offer, hired and rejected send e-mail',
  tooManyStages: `A company has at most ${CUSTOM_STAGES_MAX} stages of its own`,
  stageNameTaken: 'name: The company already has a stage of that name',
  apiKeysOwnersOnly: 'Only the owner of a company can manage its API keys',
  apiKeyNotFound: 'API key not found',
  lastOwner: 'role: A company keeps at least one owner; make someone else an owner first',
  lastOwnerLeaves: 'email: The last owner of a company cannot leave it; make someone else an owner first',
  viewerReadOnly: 'Viewers of this company can read applications but not change them',
  stageNotFound: 'Stage not found',
} as const;
