-- Notification loses its foreign key to User (PushSubscription and NotificationPreference keep theirs).
-- notify() inserts a notification inside the transaction of the event it reports; the foreign key made
-- that insert take a KEY SHARE lock on the recipient's User row, which deadlocked against writers that lock
-- a person FOR UPDATE (lockEmployee): 20 racing decisions of one leave answered 500 instead of one 200 and
-- nineteen 409. Deleting an account now deletes its notifications itself (features/employees/server/users.ts).
ALTER TABLE "Notification" DROP CONSTRAINT "Notification_userId_fkey";
