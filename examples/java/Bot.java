// A Doomtrooper bot for dtref in Java, over stdio (JSON Lines, docs/protocol.md),
// with the rules of thumb of docs/rules-for-bots.md: claim the Cardinal's Gift
// only without a warrior, muster, equip, attack only where the fight looks won,
// take points as P. JSON comes from Gson (Debian: libgoogle-gson-java).
//
//   javac -cp /usr/share/java/gson.jar -d /tmp/javabot examples/java/Bot.java
//   dtref match --bot "stdio:java -cp /tmp/javabot:/usr/share/java/gson.jar Bot" --bot builtin:random
//
// stdout carries protocol lines only (flushed after each); logs go to stderr.
import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;

public class Bot {
    static final PrintStream OUT = new PrintStream(System.out, false, StandardCharsets.UTF_8);

    static void send(JsonObject message) {
        OUT.println(message.toString());
        OUT.flush();
    }

    // A rating as the engine derives it now ("current"), else as printed.
    static int rating(JsonObject card, String key) {
        JsonObject r = card.has("current") ? card.getAsJsonObject("current")
                : card.has("printed") ? card.getAsJsonObject("printed") : null;
        return r == null || !r.has(key) ? 0 : r.get(key).getAsInt();
    }

    static int cardId(String word) { return Integer.parseInt(word.substring(1)); }

    static double score(String text, JsonObject obs, Map<Integer, JsonObject> cards) {
        String[] w = text.split(" ");
        JsonObject me = obs.getAsJsonArray("seats").get(obs.get("viewer").getAsInt()).getAsJsonObject();
        switch (w[0]) {
            case "gift": {
                for (JsonElement c : me.getAsJsonArray("hand"))
                    if ("warrior".equals(c.getAsJsonObject().get("card_type").getAsString())) return -1;
                return 1;
            }
            case "points": return Integer.parseInt(w[1].substring(2));  // all P first
            case "muster": return 50 + rating(cards.get(cardId(w[1])), "value");
            case "equip": case "bestow": return 40;
            case "build": return 30;
            case "sabotage": return 60;
            case "meditate": return 5;
            case "attack": {
                JsonObject a = cards.get(cardId(w[1])), d = cards.get(cardId(w[2]));
                String tactic = w[3];
                boolean iHit = rating(a, tactic) >= rating(d, "armor");
                boolean theyHit = rating(d, tactic) >= rating(a, "armor");
                if (iHit && !theyHit) return 70 + rating(d, "value") + (d.get("wounded").getAsBoolean() ? 20 : 0);
                return -10;
            }
            default: return 0;  // pass, discard, windows
        }
    }

    public static void main(String[] args) throws Exception {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        for (String line; (line = in.readLine()) != null; ) {
            if (line.isBlank()) continue;
            JsonObject msg = JsonParser.parseString(line).getAsJsonObject();
            String type = msg.get("type").getAsString();
            if (type.equals("hello")) {
                JsonObject ready = new JsonObject();
                ready.addProperty("type", "ready");
                ready.addProperty("name", "java-primer");
                send(ready);
            } else if (type.equals("request")) {
                JsonObject obs = msg.getAsJsonObject("observation");
                Map<Integer, JsonObject> cards = new HashMap<>();
                for (JsonElement s : obs.getAsJsonArray("seats")) {
                    for (String zone : new String[] {"hand", "in_play"})
                        for (JsonElement c : s.getAsJsonObject().getAsJsonArray(zone))
                            cards.put(c.getAsJsonObject().get("id").getAsInt(), c.getAsJsonObject());
                }
                JsonArray options = msg.getAsJsonArray("options");
                int best = 0;
                double bestScore = Double.NEGATIVE_INFINITY;
                for (JsonElement o : options) {
                    JsonObject opt = o.getAsJsonObject();
                    double sc = score(opt.get("text").getAsString(), obs, cards);
                    if (sc > bestScore) { bestScore = sc; best = opt.get("index").getAsInt(); }
                }
                JsonObject answer = new JsonObject();
                answer.addProperty("decision_id", msg.get("decision_id").getAsLong());
                answer.addProperty("choice", best);
                send(answer);
            } else if (type.equals("error")) {
                System.err.println("java-primer: answer refused: " + msg.get("message").getAsString());
            } else if (type.equals("match_end")) {
                break;
            }
        }
    }
}
