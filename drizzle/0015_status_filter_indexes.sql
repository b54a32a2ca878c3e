CREATE INDEX "news_status_idx" ON "news" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "events_status_idx" ON "events" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "blog_posts_status_idx" ON "blog_posts" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "press_coverage_status_idx" ON "press_coverage" USING btree ("status","id");