/** A user's direct notifications, newest first, read from the store (tests of features that notify). */
export async function notificationsOf(userId: string) {
  const { notificationsStore } = await import('../../functions/storage/notifications/inbox');
  return notificationsStore.directPage(userId, { limit: 100 });
}

export const titlesOf = async (userId: string) => (await notificationsOf(userId)).map((n) => n.title);
