-- Issue 32: an order's stock is taken and committed in one message to PostgreSQL (modules/stock,
-- takeForOrderAtCommit), so a drop's orders hold the piece's row for the statements' own time,
-- not for two round trips to a busy instance. A refused move must then stop the message before
-- its commit: its statement calls this, which fails with SQLSTATE SJ001 (MOVE_REFUSED_CODE), and
-- PostgreSQL skips the rest of the message and aborts the transaction.
CREATE OR REPLACE FUNCTION "stock_move_refused"() RETURNS integer
LANGUAGE plpgsql VOLATILE AS $$
BEGIN
	RAISE EXCEPTION 'stock move refused by its guard' USING ERRCODE = 'SJ001';
END
$$;
