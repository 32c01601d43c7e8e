-- Notifications, push subscriptions and notification preferences belong to a user: a deleted user's rows
-- go with them (a deleted person's browser is never pushed, their inbox never read). Rows of users deleted
-- before this constraint existed are removed first, or the constraint could not be added.
DELETE FROM "Notification" n WHERE NOT EXISTS (SELECT 1 FROM "User" u WHERE u."id" = n."userId");
DELETE FROM "PushSubscription" s WHERE NOT EXISTS (SELECT 1 FROM "User" u WHERE u."id" = s."userId");
DELETE FROM "NotificationPreference" p WHERE NOT EXISTS (SELECT 1 FROM "User" u WHERE u."id" = p."userId");

-- AddForeignKey
ALTER TABLE "Notification" ADD CONSTRAINT "Notification_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PushSubscription" ADD CONSTRAINT "PushSubscription_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "NotificationPreference" ADD CONSTRAINT "NotificationPreference_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;
