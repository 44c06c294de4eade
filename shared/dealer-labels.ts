/** The approved-dealer badge's words (issue 23), without zod: the badge is on storefronts and listing pages' first screens. */
export const APPROVED_DEALER_LABEL = 'Approved dealer';
