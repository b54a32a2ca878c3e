DROP INDEX "activities_created_at_idx";--> statement-breakpoint
DROP INDEX "activities_account_id_idx";--> statement-breakpoint
DROP INDEX "activities_occurred_at_idx";--> statement-breakpoint
DROP INDEX "activities_status_idx";--> statement-breakpoint
DROP INDEX "cities_created_at_idx";--> statement-breakpoint
DROP INDEX "cities_name_idx";--> statement-breakpoint
DROP INDEX "countries_created_at_idx";--> statement-breakpoint
DROP INDEX "countries_name_idx";--> statement-breakpoint
DROP INDEX "departments_created_at_idx";--> statement-breakpoint
DROP INDEX "departments_department_name_idx";--> statement-breakpoint
DROP INDEX "designations_created_at_idx";--> statement-breakpoint
DROP INDEX "designations_designation_idx";--> statement-breakpoint
DROP INDEX "employees_created_at_idx";--> statement-breakpoint
DROP INDEX "employees_full_name_idx";--> statement-breakpoint
DROP INDEX "notifications_created_at_idx";--> statement-breakpoint
DROP INDEX "notifications_recipient_id_idx";--> statement-breakpoint
DROP INDEX "role_permissions_created_at_idx";--> statement-breakpoint
DROP INDEX "roles_created_at_idx";--> statement-breakpoint
DROP INDEX "roles_role_name_idx";--> statement-breakpoint
DROP INDEX "states_created_at_idx";--> statement-breakpoint
DROP INDEX "states_name_idx";--> statement-breakpoint
DROP INDEX "users_created_at_idx";--> statement-breakpoint
DROP INDEX "users_username_idx";--> statement-breakpoint
DROP INDEX "news_created_at_idx";--> statement-breakpoint
DROP INDEX "news_publish_date_idx";--> statement-breakpoint
DROP INDEX "events_created_at_idx";--> statement-breakpoint
DROP INDEX "events_date_time_idx";--> statement-breakpoint
DROP INDEX "blog_posts_created_at_idx";--> statement-breakpoint
DROP INDEX "blog_posts_publish_date_idx";--> statement-breakpoint
DROP INDEX "press_coverage_created_at_idx";--> statement-breakpoint
DROP INDEX "press_coverage_publish_date_idx";--> statement-breakpoint
DROP INDEX "articles_created_at_idx";--> statement-breakpoint
DROP INDEX "articles_date_idx";--> statement-breakpoint
DROP INDEX "advertisements_created_at_idx";--> statement-breakpoint
DROP INDEX "advertisements_date_idx";--> statement-breakpoint
DROP INDEX "online_coverages_created_at_idx";--> statement-breakpoint
DROP INDEX "online_coverages_date_idx";--> statement-breakpoint
DROP INDEX "image_albums_created_at_idx";--> statement-breakpoint
DROP INDEX "image_albums_date_idx";--> statement-breakpoint
DROP INDEX "video_albums_created_at_idx";--> statement-breakpoint
DROP INDEX "video_albums_date_idx";--> statement-breakpoint
DROP INDEX "trust_settings_created_at_idx";--> statement-breakpoint
DROP INDEX "tax_wordings_created_at_idx";--> statement-breakpoint
DROP INDEX "donations_created_at_idx";--> statement-breakpoint
DROP INDEX "donations_date_idx";--> statement-breakpoint
DROP INDEX "donations_status_idx";--> statement-breakpoint
DROP INDEX "contact_messages_created_at_idx";--> statement-breakpoint
DROP INDEX "contact_messages_is_read_idx";--> statement-breakpoint
CREATE INDEX "activities_created_at_idx" ON "activities" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "activities_account_id_idx" ON "activities" USING btree ("account_id","id");--> statement-breakpoint
CREATE INDEX "activities_occurred_at_idx" ON "activities" USING btree ("occurred_at","id");--> statement-breakpoint
CREATE INDEX "activities_status_idx" ON "activities" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "cities_created_at_idx" ON "cities" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "cities_name_idx" ON "cities" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "countries_created_at_idx" ON "countries" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "countries_name_idx" ON "countries" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "departments_created_at_idx" ON "departments" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "departments_department_name_idx" ON "departments" USING btree ("department_name","id");--> statement-breakpoint
CREATE INDEX "designations_created_at_idx" ON "designations" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "designations_designation_idx" ON "designations" USING btree ("designation","id");--> statement-breakpoint
CREATE INDEX "employees_created_at_idx" ON "employees" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "employees_full_name_idx" ON "employees" USING btree ("full_name","id");--> statement-breakpoint
CREATE INDEX "notifications_created_at_idx" ON "notifications" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "notifications_recipient_id_idx" ON "notifications" USING btree ("recipient_id","id");--> statement-breakpoint
CREATE INDEX "role_permissions_created_at_idx" ON "role_permissions" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "roles_created_at_idx" ON "roles" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "roles_role_name_idx" ON "roles" USING btree ("role_name","id");--> statement-breakpoint
CREATE INDEX "states_created_at_idx" ON "states" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "states_name_idx" ON "states" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "users_created_at_idx" ON "users" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "users_username_idx" ON "users" USING btree ("username","id");--> statement-breakpoint
CREATE INDEX "news_created_at_idx" ON "news" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "news_publish_date_idx" ON "news" USING btree ("publish_date","id");--> statement-breakpoint
CREATE INDEX "events_created_at_idx" ON "events" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "events_date_time_idx" ON "events" USING btree ("date_time","id");--> statement-breakpoint
CREATE INDEX "blog_posts_created_at_idx" ON "blog_posts" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "blog_posts_publish_date_idx" ON "blog_posts" USING btree ("publish_date","id");--> statement-breakpoint
CREATE INDEX "press_coverage_created_at_idx" ON "press_coverage" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "press_coverage_publish_date_idx" ON "press_coverage" USING btree ("publish_date","id");--> statement-breakpoint
CREATE INDEX "articles_created_at_idx" ON "articles" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "articles_date_idx" ON "articles" USING btree ("date","id");--> statement-breakpoint
CREATE INDEX "advertisements_created_at_idx" ON "advertisements" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "advertisements_date_idx" ON "advertisements" USING btree ("date","id");--> statement-breakpoint
CREATE INDEX "online_coverages_created_at_idx" ON "online_coverages" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "online_coverages_date_idx" ON "online_coverages" USING btree ("date","id");--> statement-breakpoint
CREATE INDEX "image_albums_created_at_idx" ON "image_albums" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "image_albums_date_idx" ON "image_albums" USING btree ("date","id");--> statement-breakpoint
CREATE INDEX "video_albums_created_at_idx" ON "video_albums" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "video_albums_date_idx" ON "video_albums" USING btree ("date","id");--> statement-breakpoint
CREATE INDEX "trust_settings_created_at_idx" ON "trust_settings" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "tax_wordings_created_at_idx" ON "tax_wordings" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "donations_created_at_idx" ON "donations" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "donations_date_idx" ON "donations" USING btree ("date","id");--> statement-breakpoint
CREATE INDEX "donations_status_idx" ON "donations" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "contact_messages_created_at_idx" ON "contact_messages" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "contact_messages_is_read_idx" ON "contact_messages" USING btree ("is_read","id");