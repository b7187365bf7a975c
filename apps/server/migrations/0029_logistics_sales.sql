-- The pieces each shop sold per product code (the stock page's "sold") are kept by the database: every statement
-- inserting receipt lines adds its lines, grouped per shop and code, in one upsert. A sale's lines add, a return's
-- (negative quantities, as the feed sends them) subtract, a cancelled receipt moved no goods and is left out. Receipts
-- and their lines are never updated once stored (a changed resend is rejected), so inserts are all there is to follow.
CREATE FUNCTION shop_product_sales_on_lines() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- In key order, so concurrent batches of different shops never wait on each other in a cycle.
  INSERT INTO shop_product_sales (shop_id, product_code, pieces, last_sold_on)
  SELECT r.shop_id, l.product_code, sum(l.quantity), max(r.business_date) FILTER (WHERE r.type = 'sale')
  FROM added_lines l JOIN receipts r ON r.id = l.receipt_id
  WHERE r.type <> 'cancelled'
  GROUP BY r.shop_id, l.product_code
  ORDER BY r.shop_id, l.product_code
  ON CONFLICT (shop_id, product_code) DO UPDATE
    SET pieces = shop_product_sales.pieces + excluded.pieces,
        last_sold_on = greatest(shop_product_sales.last_sold_on, excluded.last_sold_on);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER shop_product_sales_on_lines AFTER INSERT ON receipt_lines
  REFERENCING NEW TABLE AS added_lines FOR EACH STATEMENT EXECUTE FUNCTION shop_product_sales_on_lines();
--> statement-breakpoint
-- The receipts stored before the trigger existed.
INSERT INTO shop_product_sales (shop_id, product_code, pieces, last_sold_on)
SELECT r.shop_id, l.product_code, sum(l.quantity), max(r.business_date) FILTER (WHERE r.type = 'sale')
FROM receipt_lines l JOIN receipts r ON r.id = l.receipt_id
WHERE r.type <> 'cancelled'
GROUP BY r.shop_id, l.product_code;
