"""The reader's statement shapes in every language with a lexicon (docs/rules.md).

Each sentence is written here in a language's usual rules wording (none is corpus text): a
shape of the one grammar (`pipeline/parse/rules/claim_shapes.py`) read with that language's
words. Claims compare as the corpus does (`tests/rules/real_corpus.py`: feature, phase, unit,
points, sign, multiplier); `completed` and `during_game` are one phase, so are `incomplete`
and `end_game`.
"""

from __future__ import annotations

from collections import Counter

import pytest

from carcdb.pipeline.parse.rules.claims import extract_claims
from carcdb.pipeline.parse.rules.vocabulary import vocabulary
from carcdb.schemas.rules import ClaimState, Rule, RuleKind, ScoringClaim
from tests.rules.pages import run
from tests.rules.real_corpus import claim_key, parse_annotation

SHAPES = [
    (
        "ca",
        "Un camí completat dona 1 punt per cada rajola.",
        ["road completed tile 1"],
    ),
    (
        "ca",
        "Una ciutat completada dona 2 punts per cada rajola i 2 punts per cada escut.",
        ["city completed tile 2", "city completed coat_of_arms 2"],
    ),
    (
        "ca",
        "Un monestir completat dona 9 punts.",
        ["monastery completed fixed 9"],
    ),
    (
        "ca",
        "Al final de la partida, cada camí incomplet dona 1 punt per rajola.",
        ["road incomplete tile 1"],
    ),
    (
        "ca",
        "Els camins completats donen 1 punt per rajola i les ciutats 2 punts per rajola"
        " i per escut.",
        ["road completed tile 1", "city completed tile 2", "city completed coat_of_arms 2"],
    ),
    (
        "ca",
        "Un monestir envoltat per 8 rajoles dona 9 punts.",
        ["monastery completed fixed 9"],
    ),
    (
        "ca",
        "Al final de la partida, cada camí o ciutat incomplet dona 1 punt per rajola.",
        ["road incomplete tile 1", "city incomplete tile 1"],
    ),
    (
        "cs",
        "Za dokončenou cestu získá hráč 1 bod za každou kartičku.",
        ["road completed tile 1"],
    ),
    (
        "cs",
        "Dokončené město přinese 2 body za každou kartičku a 2 body za každý erb.",
        ["city completed tile 2", "city completed coat_of_arms 2"],
    ),
    (
        "cs",
        "Dokončený klášter přinese 9 bodů.",
        ["monastery completed fixed 9"],
    ),
    (
        "cs",
        "Na konci hry získá hráč za každou nedokončenou cestu 1 bod za každou kartičku.",
        ["road incomplete tile 1"],
    ),
    (
        "cs",
        "Hráč získá za každou kartičku cesty 1 bod.",
        ["road completed tile 1"],
    ),
    (
        "cs",
        "Za každou kartičku města a každý erb získá hráč 2 body.",
        ["city completed tile 2", "city completed coat_of_arms 2"],
    ),
    (
        "cs",
        "Klášter obklopený 8 kartičkami má hodnotu 9 bodů.",
        ["monastery completed fixed 9"],
    ),
    (
        "de",
        "Eine fertige Straße bringt 1 Punkt pro Karte.",
        ["road completed tile 1"],
    ),
    (
        "de",
        "Eine fertige Stadt zählt 2 Punkte pro Stadtteil. Jedes Wappen bringt 2 "
        "zusätzliche Punkte.",
        ["city completed tile 2", "city completed coat_of_arms 2"],
    ),
    (
        "de",
        "Ein fertiges Kloster zählt 9 Punkte.",
        ["monastery completed fixed 9"],
    ),
    (
        "de",
        "Bei der Schlusswertung zählt jede nicht fertige Straße 1 Punkt pro Karte.",
        ["road incomplete tile 1"],
    ),
    (
        "de",
        "Jede nicht fertige Stadt bringt 1 Punkt pro Stadtteil und 1 Punkt pro Wappen.",
        ["city incomplete tile 1", "city incomplete coat_of_arms 1"],
    ),
    (
        "de",
        "Jeder Bauer erhält für jede fertige Stadt, die an seine Wiese grenzt, 3 Punkte.",
        ["field end_game completed_city 3"],
    ),
    (
        "de",
        "Eine Straße mit Wirtshaus bringt 2 Punkte pro Karte. Ist sie bei Spielende "
        "nicht fertig, bringt sie keine Punkte.",
        ["inn completed tile 2", "inn incomplete tile 0"],
    ),
    (
        "de",
        "Eine Stadt mit Kathedrale bringt 3 Punkte pro Stadtteil und Wappen.",
        ["cathedral completed tile 3", "cathedral completed coat_of_arms 3"],
    ),
    (
        "de",
        "Der Spieler mit den meisten Weinplättchen erhält am Spielende 10 Punkte.",
        ["goods end_game majority 10"],
    ),
    (
        "de",
        "Der Besitzer des Schweins erhält für jede fertige Stadt 4 statt 3 Punkte.",
        ["pig end_game completed_city 4", "field end_game completed_city 3"],
    ),
    (
        "de",
        "Städte: 2 Punkte pro Plättchen und 2 Punkte pro Wappen.",
        ["city completed tile 2", "city completed coat_of_arms 2"],
    ),
    (
        "de",
        "Für jede Straße gibt es 1 Punkt pro Plättchen.",
        ["road completed tile 1"],
    ),
    (
        "de",
        "Ein Kloster bringt 9 Punkte, wenn es vollständig umbaut ist.",
        ["monastery completed fixed 9"],
    ),
    (
        "de",
        "Bei Spielende gibt es für jede unfertige Stadt 1 Punkt pro Plättchen und Wappen.",
        ["city incomplete tile 1", "city incomplete coat_of_arms 1"],
    ),
    (
        "de",
        "Die Bauern erhalten für jede angrenzende fertige Stadt 3 Punkte.",
        ["field end_game completed_city 3"],
    ),
    (
        "de",
        "Straße: 1 Punkt pro Plättchen; Stadt: 2 Punkte pro Plättchen und Wappen; "
        "Kloster: 9 Punkte.",
        [
            "road completed tile 1",
            "city completed tile 2",
            "city completed coat_of_arms 2",
            "monastery completed fixed 9",
        ],
    ),
    (
        "de",
        "Am Spielende zählen unfertige Straßen und Städte je 1 Punkt pro Plättchen.",
        ["road incomplete tile 1", "city incomplete tile 1"],
    ),
    (
        "de",
        "Für eine fertige Straße gibt es pro Plättchen einen Punkt, für eine fertige "
        "Stadt pro Plättchen und Wappen je zwei Punkte.",
        ["road completed tile 1", "city completed tile 2", "city completed coat_of_arms 2"],
    ),
    (
        "de",
        "Ein vollständig umbautes Kloster bringt 9 Punkte.",
        ["monastery completed fixed 9"],
    ),
    (
        "de",
        "Bei der Schlusswertung zählen unvollendete Straßen und Städte nur noch 1 Punkt"
        " pro Plättchen, ein unvollendetes Kloster 1 Punkt plus 1 Punkt pro "
        "angrenzendem Plättchen.",
        [
            "road incomplete tile 1",
            "city incomplete tile 1",
            "monastery incomplete fixed 1",
            "monastery incomplete surrounding_tile 1",
        ],
    ),
    (
        "de",
        "Die Bauern kassieren für jede fertige Stadt, die an ihre Wiese grenzt, 3 Punkte.",
        ["field end_game completed_city 3"],
    ),
    (
        "de",
        "Bleibt eine Straße mit Gasthaus unvollendet, gibt es gar keine Punkte.",
        ["inn incomplete tile 0"],
    ),
    (
        "de",
        "Mit Kathedrale zählt jedes Stadtteil und jedes Wappen 3 Punkte.",
        ["cathedral completed tile 3", "cathedral completed coat_of_arms 3"],
    ),
    (
        "de",
        "Wer die meisten Weinplättchen hat, bekommt am Spielende 10 Punkte.",
        ["goods end_game majority 10"],
    ),
    (
        "en",
        "When a road is completed, the player with the most thieves on it scores 1 "
        "point for each tile in the road.",
        ["road completed tile 1"],
    ),
    (
        "en",
        "A completed city scores 2 points for each tile and 2 points for each coat of arms.",
        ["city completed tile 2", "city completed coat_of_arms 2"],
    ),
    (
        "en",
        "A completed monastery scores 9 points (1 point for the monastery tile and 1 "
        "point for each of the 8 surrounding tiles).",
        [
            "monastery completed fixed 9",
            "monastery completed fixed 1",
            "monastery completed surrounding_tile 1",
        ],
    ),
    (
        "en",
        "At the end of the game, each incomplete road scores 1 point per tile.",
        ["road incomplete tile 1"],
    ),
    (
        "en",
        "Each incomplete city scores 1 point for each tile and 1 point for each coat of arms.",
        ["city incomplete tile 1", "city incomplete coat_of_arms 1"],
    ),
    (
        "en",
        "The player with the most farmers in a farm scores 3 points for each completed "
        "city that borders the farm.",
        ["field end_game completed_city 3"],
    ),
    (
        "en",
        "A road with an inn scores 2 points per tile. If the road is incomplete at the "
        "end of the game, it scores 0 points.",
        ["inn completed tile 2", "inn incomplete tile 0"],
    ),
    (
        "en",
        "A city with a cathedral scores 3 points per tile and per coat of arms. If the "
        "city is incomplete at game end, it scores no points.",
        [
            "cathedral completed tile 3",
            "cathedral completed coat_of_arms 3",
            "cathedral incomplete tile 0",
        ],
    ),
    (
        "en",
        "At the end of the game, the player with the most wine tokens scores 10 points.",
        ["goods end_game majority 10"],
    ),
    (
        "en",
        "The player with a pig in the farm scores 1 additional point for each completed city.",
        ["pig end_game completed_city 1"],
    ),
    (
        "en",
        "The abbot scores 1 point for the monastery or garden tile plus 1 point for "
        "each surrounding tile.",
        [
            "monastery completed fixed 1",
            "garden completed fixed 1",
            "monastery completed surrounding_tile 1",
            "garden completed surrounding_tile 1",
        ],
    ),
    (
        "en",
        "Roads score one point per tile, and cities two points per tile.",
        ["road completed tile 1", "city completed tile 2"],
    ),
    (
        "en",
        "Each coat of arms is worth 2 points.",
        ["city completed coat_of_arms 2"],
    ),
    (
        "en",
        "Cities are worth 2 points per tile; incomplete cities at the end of the game "
        "are worth 1 point per tile.",
        ["city completed tile 2", "city incomplete tile 1"],
    ),
    (
        "en",
        "The monastery is worth 9 points when it is surrounded by 8 tiles.",
        ["monastery completed fixed 9"],
    ),
    (
        "en",
        "A finished road is worth one point for each tile it contains.",
        ["road completed tile 1"],
    ),
    (
        "en",
        "Roads: 1 point per tile. Cities: 2 points per tile, plus 2 points per shield. "
        "Monasteries: 9 points.",
        [
            "road completed tile 1",
            "city completed tile 2",
            "city completed coat_of_arms 2",
            "monastery completed fixed 9",
        ],
    ),
    (
        "en",
        "Completed roads score one point for every tile; completed cities score two "
        "points for every tile and two for every pennant.",
        ["road completed tile 1", "city completed tile 2", "city completed coat_of_arms 2"],
    ),
    (
        "en",
        "Incomplete features at the end: roads 1 point per tile, cities 1 point per "
        "tile and pennant, monasteries 1 point per tile.",
        [
            "road incomplete tile 1",
            "city incomplete tile 1",
            "city incomplete coat_of_arms 1",
            "monastery incomplete tile 1",
        ],
    ),
    (
        "en",
        "If a road has an inn on it, the road is worth 2 points per tile instead of 1.",
        ["inn completed tile 2", "road completed tile 1"],
    ),
    (
        "en",
        "Each city tile and pennant is worth 3 points instead of 2 if the city has a cathedral.",
        [
            "cathedral completed tile 3",
            "cathedral completed coat_of_arms 3",
            "city completed tile 2",
            "city completed coat_of_arms 2",
        ],
    ),
    (
        "en",
        "At the end of the game a barn scores 4 points for each completed city adjacent"
        " to its field.",
        ["barn end_game completed_city 4"],
    ),
    (
        "en",
        "The king scores 1 point for each completed city at the end of the game.",
        ["king end_game completed_city 1"],
    ),
    (
        "en",
        "The shepherd scores 1 point per sheep in the flock.",
        ["flock completed sheep 1"],
    ),
    (
        "en",
        "Feature | During the game | At the end of the game\nRoad | 1 point per tile | "
        "1 point per tile\nMonastery | 9 points | 1 point per tile",
        [
            "road completed tile 1",
            "road incomplete tile 1",
            "monastery completed fixed 9",
            "monastery incomplete tile 1",
        ],
    ),
    (
        "en",
        "Gardens score 9 points when surrounded, like monasteries.",
        ["garden completed fixed 9"],
    ),
    (
        "en",
        "Each incomplete city is worth only 1 point per tile and 1 point per coat of "
        "arms, half of the normal value.",
        ["city incomplete tile 1", "city incomplete coat_of_arms 1"],
    ),
    (
        "en",
        "At the end of the game, every incomplete road and city is worth 1 point per tile.",
        ["road incomplete tile 1", "city incomplete tile 1"],
    ),
    (
        "en",
        "Farms score 3 points for every finished city that borders them.",
        ["field end_game completed_city 3"],
    ),
    (
        "en",
        "An incomplete road with an inn is worth nothing.",
        ["inn incomplete tile 0"],
    ),
    (
        "en",
        "Cathedrals make every tile and shield of a completed city worth 3 points instead of 2.",
        [
            "cathedral completed tile 3",
            "cathedral completed coat_of_arms 3",
            "city completed tile 2",
            "city completed coat_of_arms 2",
        ],
    ),
    (
        "en",
        "The pig adds 1 point per city to the farmer's score.",
        ["pig end_game completed_city 1"],
    ),
    (
        "en",
        "Towns are worth 2 points per tile and 2 points per shield.",
        ["city completed tile 2", "city completed coat_of_arms 2"],
    ),
    (
        "es",
        "Un camino completado otorga 1 punto por cada loseta.",
        ["road completed tile 1"],
    ),
    (
        "es",
        "Una ciudad completada otorga 2 puntos por cada loseta y 2 puntos por cada escudo.",
        ["city completed tile 2", "city completed coat_of_arms 2"],
    ),
    (
        "es",
        "Un monasterio completado otorga 9 puntos.",
        ["monastery completed fixed 9"],
    ),
    (
        "es",
        "Al final de la partida, cada camino incompleto otorga 1 punto por loseta.",
        ["road incomplete tile 1"],
    ),
    (
        "es",
        "Cada granjero recibe 3 puntos por cada ciudad completada adyacente a su campo.",
        ["field end_game completed_city 3"],
    ),
    (
        "es",
        "Un camino con posada vale 2 puntos por loseta, pero si está incompleto al "
        "final de la partida no vale nada.",
        ["inn completed tile 2", "inn incomplete tile 0"],
    ),
    (
        "es",
        "Cada loseta de un camino completado vale 1 punto.",
        ["road completed tile 1"],
    ),
    (
        "es",
        "Las ciudades completadas otorgan 2 puntos por loseta y 2 puntos por escudo.",
        ["city completed tile 2", "city completed coat_of_arms 2"],
    ),
    (
        "es",
        "Un monasterio rodeado por 8 losetas otorga 9 puntos.",
        ["monastery completed fixed 9"],
    ),
    (
        "es",
        "Al final de la partida, cada camino incompleto da 1 punto por loseta y cada "
        "ciudad incompleta 1 punto por loseta y 1 punto por escudo.",
        ["road incomplete tile 1", "city incomplete tile 1", "city incomplete coat_of_arms 1"],
    ),
    (
        "es",
        "Caminos: al completarse, cada loseta da 1 punto al jugador con más ladrones.",
        ["road completed tile 1"],
    ),
    (
        "es",
        "Ciudades: 2 puntos por cada loseta y 2 puntos por cada escudo.",
        ["city completed tile 2", "city completed coat_of_arms 2"],
    ),
    (
        "es",
        "Monasterios: 9 puntos cuando están rodeados por 8 losetas.",
        ["monastery completed fixed 9"],
    ),
    (
        "es",
        "Al final de la partida, los caminos y ciudades incompletos valen 1 punto por "
        "loseta, y los monasterios 1 punto por cada loseta.",
        ["road incomplete tile 1", "city incomplete tile 1", "monastery incomplete tile 1"],
    ),
    (
        "es",
        "Los granjeros obtienen 3 puntos por cada ciudad completada adyacente a su campo.",
        ["field end_game completed_city 3"],
    ),
    (
        "es",
        "Un camino con posada da 2 puntos por loseta, pero si no se completa no da ningún punto.",
        ["inn completed tile 2", "inn incomplete tile 0"],
    ),
    (
        "fr",
        "Une route achevée rapporte 1 point par tuile.",
        ["road completed tile 1"],
    ),
    (
        "fr",
        "Une ville achevée rapporte 2 points par tuile et 2 points par blason.",
        ["city completed tile 2", "city completed coat_of_arms 2"],
    ),
    (
        "fr",
        "Une abbaye achevée rapporte 9 points.",
        ["monastery completed fixed 9"],
    ),
    (
        "fr",
        "À la fin de la partie, chaque route inachevée rapporte 1 point par tuile.",
        ["road incomplete tile 1"],
    ),
    (
        "fr",
        "Chaque paysan rapporte 3 points par ville achevée adjacente à son pré.",
        ["field end_game completed_city 3"],
    ),
    (
        "fr",
        "Une route avec une auberge rapporte 2 points par tuile ; si elle est inachevée"
        " à la fin de la partie, elle ne rapporte rien.",
        ["inn completed tile 2", "inn incomplete tile 0"],
    ),
    (
        "fr",
        "Chaque tuile d'une route achevée rapporte 1 point.",
        ["road completed tile 1"],
    ),
    (
        "fr",
        "Un monastère entouré de 8 tuiles rapporte 9 points.",
        ["monastery completed fixed 9"],
    ),
    (
        "fr",
        "Les routes rapportent 1 point par tuile, les villes 2 points par tuile et 2 "
        "points par blason.",
        ["road completed tile 1", "city completed tile 2", "city completed coat_of_arms 2"],
    ),
    (
        "fr",
        "Les villes achevées rapportent 2 points par tuile, plus 2 points par blason.",
        ["city completed tile 2", "city completed coat_of_arms 2"],
    ),
    (
        "fr",
        "À la fin de la partie, les routes et les villes inachevées rapportent 1 point par tuile.",
        ["road incomplete tile 1", "city incomplete tile 1"],
    ),
    (
        "fr",
        "Chaque paysan rapporte 3 points pour chaque ville achevée bordant son pré.",
        ["field end_game completed_city 3"],
    ),
    (
        "hu",
        "A befejezett út minden lapkája 1 pontot ér.",
        ["road completed tile 1"],
    ),
    (
        "hu",
        "A befejezett város lapkánként 2 pontot és címerenként 2 pontot ér.",
        ["city completed tile 2", "city completed coat_of_arms 2"],
    ),
    (
        "hu",
        "A befejezett kolostor 9 pontot ér.",
        ["monastery completed fixed 9"],
    ),
    (
        "hu",
        "A játék végén minden befejezetlen út lapkánként 1 pontot ér.",
        ["road incomplete tile 1"],
    ),
    (
        "hu",
        "A játék végén a befejezetlen város lapkánként és címerenként 1 pontot ér.",
        ["city incomplete tile 1", "city incomplete coat_of_arms 1"],
    ),
    (
        "it",
        "Una strada completata vale 1 punto per ogni tessera.",
        ["road completed tile 1"],
    ),
    (
        "it",
        "Una città completata vale 2 punti per ogni tessera e 2 punti per ogni stemma.",
        ["city completed tile 2", "city completed coat_of_arms 2"],
    ),
    (
        "it",
        "Un monastero completato vale 9 punti.",
        ["monastery completed fixed 9"],
    ),
    (
        "it",
        "Alla fine della partita, ogni strada incompleta vale 1 punto per tessera.",
        ["road incomplete tile 1"],
    ),
    (
        "it",
        "Ogni città incompleta vale 1 punto per tessera e 1 punto per stemma.",
        ["city incomplete tile 1", "city incomplete coat_of_arms 1"],
    ),
    (
        "it",
        "Ogni contadino ottiene 3 punti per ogni città completata adiacente al suo prato.",
        ["field end_game completed_city 3"],
    ),
    (
        "it",
        "Una strada con una locanda vale 2 punti per tessera; se incompleta alla fine "
        "della partita non vale nulla.",
        ["inn completed tile 2", "inn incomplete tile 0"],
    ),
    (
        "it",
        "Una città con una cattedrale vale 3 punti per tessera e per stemma.",
        ["cathedral completed tile 3", "cathedral completed coat_of_arms 3"],
    ),
    (
        "it",
        "Il giocatore con più merci di un tipo riceve 10 punti alla fine della partita.",
        ["goods end_game majority 10"],
    ),
    (
        "it",
        "Ogni tessera di una strada completata vale 1 punto.",
        ["road completed tile 1"],
    ),
    (
        "it",
        "Le città completate valgono 2 punti per tessera e 2 punti per ogni scudo.",
        ["city completed tile 2", "city completed coat_of_arms 2"],
    ),
    (
        "it",
        "Il monastero completato fa guadagnare 9 punti.",
        ["monastery completed fixed 9"],
    ),
    (
        "it",
        "Alla fine della partita, le strade incomplete valgono 1 punto per tessera.",
        ["road incomplete tile 1"],
    ),
    (
        "it",
        "Una città incompleta vale 1 punto per ogni tessera e per ogni stemma.",
        ["city incomplete tile 1", "city incomplete coat_of_arms 1"],
    ),
    (
        "it",
        "Strade e città valgono rispettivamente uno e due punti per tessera.",
        ["road completed tile 1", "city completed tile 2"],
    ),
    (
        "it",
        "Al termine della partita le strade incomplete valgono 1 punto per tessera, le "
        "città incomplete 1 punto per tessera e 1 per scudo.",
        ["road incomplete tile 1", "city incomplete tile 1", "city incomplete coat_of_arms 1"],
    ),
    (
        "it",
        "Strade: quando una strada viene completata, il giocatore che ha più ladroni su"
        " di essa ottiene 1 punto per ogni tessera che la compone.",
        ["road completed tile 1"],
    ),
    (
        "it",
        "Città: una città completata vale 2 punti per ogni tessera e 2 punti aggiuntivi"
        " per ogni scudo.",
        ["city completed tile 2", "city completed coat_of_arms 2"],
    ),
    (
        "it",
        "Monasteri: un monastero circondato da 8 tessere vale 9 punti.",
        ["monastery completed fixed 9"],
    ),
    (
        "it",
        "Alla fine della partita si contano anche le costruzioni incomplete: ogni "
        "strada incompleta vale 1 punto per tessera, ogni città incompleta 1 punto per "
        "tessera e 1 per scudo, ogni monastero 1 punto più 1 punto per ogni tessera "
        "adiacente.",
        [
            "road incomplete tile 1",
            "city incomplete tile 1",
            "city incomplete coat_of_arms 1",
            "monastery incomplete fixed 1",
            "monastery incomplete surrounding_tile 1",
        ],
    ),
    (
        "it",
        "I contadini ottengono 3 punti per ogni città completata che confina con il loro prato.",
        ["field end_game completed_city 3"],
    ),
    (
        "it",
        "Se una città contiene una cattedrale, ogni tessera e ogni scudo valgono 3 "
        "punti; ma se alla fine la città è incompleta, non vale nulla.",
        [
            "cathedral completed tile 3",
            "cathedral completed coat_of_arms 3",
            "cathedral incomplete tile 0",
        ],
    ),
    (
        "it",
        "Una strada con una locanda vale 2 punti per tessera anziché 1.",
        ["inn completed tile 2", "road completed tile 1"],
    ),
    (
        "it",
        "Il maiale fa guadagnare 1 punto in più per ogni città.",
        ["pig end_game completed_city 1"],
    ),
    (
        "it",
        "Chi ha più gettoni vino alla fine della partita riceve 10 punti.",
        ["goods end_game majority 10"],
    ),
    (
        "nl",
        "Een voltooide weg levert 1 punt per tegel op.",
        ["road completed tile 1"],
    ),
    (
        "nl",
        "Een voltooide stad levert 2 punten per tegel en 2 punten per wapen op.",
        ["city completed tile 2", "city completed coat_of_arms 2"],
    ),
    (
        "nl",
        "Een voltooid klooster levert 9 punten op.",
        ["monastery completed fixed 9"],
    ),
    (
        "nl",
        "Aan het einde van het spel levert elke onvoltooide weg 1 punt per tegel op.",
        ["road incomplete tile 1"],
    ),
    (
        "nl",
        "Een afgebouwde weg levert 1 punt per tegel op.",
        ["road completed tile 1"],
    ),
    (
        "nl",
        "Een voltooide stad levert 2 punten op voor elke tegel en elk wapen.",
        ["city completed tile 2", "city completed coat_of_arms 2"],
    ),
    (
        "nl",
        "Aan het einde van het spel krijgt iedere boer 3 punten voor elke voltooide stad.",
        ["field end_game completed_city 3"],
    ),
    (
        "nl",
        "Aan het einde van het spel: onvoltooide wegen 1 punt per tegel, onvoltooide "
        "steden 1 punt per tegel en wapen.",
        ["road incomplete tile 1", "city incomplete tile 1", "city incomplete coat_of_arms 1"],
    ),
    (
        "nl",
        "Boeren krijgen 3 punten voor elke voltooide stad die aan hun weiland grenst.",
        ["field end_game completed_city 3"],
    ),
    (
        "nl",
        "Een stad met een kathedraal levert 3 punten per tegel en per wapen op.",
        ["cathedral completed tile 3", "cathedral completed coat_of_arms 3"],
    ),
    (
        "pl",
        "Ukończona droga daje 1 punkt za każdą płytkę.",
        ["road completed tile 1"],
    ),
    (
        "pl",
        "Ukończone miasto daje 2 punkty za każdą płytkę i 2 punkty za każdy herb.",
        ["city completed tile 2", "city completed coat_of_arms 2"],
    ),
    (
        "pl",
        "Ukończony klasztor daje 9 punktów.",
        ["monastery completed fixed 9"],
    ),
    (
        "pl",
        "Na koniec gry każda nieukończona droga daje 1 punkt za każdą płytkę.",
        ["road incomplete tile 1"],
    ),
    (
        "pl",
        "Za każdą płytkę ukończonej drogi gracz otrzymuje 1 punkt.",
        ["road completed tile 1"],
    ),
    (
        "pl",
        "Na koniec gry niedokończone drogi i miasta dają po 1 punkcie za każdą płytkę.",
        ["road incomplete tile 1", "city incomplete tile 1"],
    ),
    (
        "pl",
        "Ukończone miasto jest warte 2 punkty za każdą płytkę i 2 punkty za każdy herb.",
        ["city completed tile 2", "city completed coat_of_arms 2"],
    ),
    (
        "pl",
        "Rolnicy otrzymują 3 punkty za każde ukończone miasto graniczące z ich łąką.",
        ["field end_game completed_city 3"],
    ),
    (
        "pt",
        "Uma estrada completa vale 1 ponto por peça.",
        ["road completed tile 1"],
    ),
    (
        "pt",
        "Uma cidade completa vale 2 pontos por peça e 2 pontos por escudo.",
        ["city completed tile 2", "city completed coat_of_arms 2"],
    ),
    (
        "ro",
        "Un drum finalizat aduce 1 punct pentru fiecare cartonaș.",
        ["road completed tile 1"],
    ),
    (
        "ru",
        "Завершённая дорога приносит 1 очко за каждый квадрат.",
        ["road completed tile 1"],
    ),
    (
        "ru",
        "Завершённый город приносит 2 очка за каждый квадрат и 2 очка за каждый щит.",
        ["city completed tile 2", "city completed coat_of_arms 2"],
    ),
    (
        "ru",
        "Завершённый монастырь приносит 9 очков.",
        ["monastery completed fixed 9"],
    ),
    (
        "ru",
        "В конце игры каждая незавершённая дорога приносит 1 очко за каждый квадрат.",
        ["road incomplete tile 1"],
    ),
    (
        "ru",
        "За каждый квадрат завершённой дороги игрок получает 1 очко.",
        ["road completed tile 1"],
    ),
    (
        "sk",
        "Za dokončenú cestu získa hráč 1 bod za každú kartičku.",
        ["road completed tile 1"],
    ),
    (
        "sk",
        "Dokončené mesto prinesie 2 body za každú kartičku a 2 body za každý erb.",
        ["city completed tile 2", "city completed coat_of_arms 2"],
    ),
    (
        "en",
        "The player scores as many points as there are tiles in the road.",
        ["road completed tile 1"],
    ),
    (
        "de",
        "Der Spieler erhält so viele Punkte, wie die Straße Plättchen hat.",
        ["road completed tile 1"],
    ),
    (
        "es",
        "El jugador recibe tantos puntos como losetas tenga el camino.",
        ["road completed tile 1"],
    ),
    (
        "it",
        "Il giocatore riceve tanti punti quante sono le tessere della strada.",
        ["road completed tile 1"],
    ),
    ("nl", "De speler krijgt evenveel punten als de weg tegels heeft.", ["road completed tile 1"]),
    ("pl", "Gracz otrzymuje tyle punktów, ile płytek ma droga.", ["road completed tile 1"]),
    (
        "pl",
        "Na koniec gry nieukończone miasta dają tylko 1 punkt za płytkę i 1 za herb.",
        ["city incomplete tile 1", "city incomplete coat_of_arms 1"],
    ),
    (
        "de",
        "Wird eine Straße oder eine Stadt gewertet, zählt jedes Gebäude, das auf einer Karte der"
        " Wiese liegt, 1 Punkt zusätzlich.",
        ["road completed little_building 1", "city completed little_building 1"],
    ),
    # several amounts in one clause: each has its own part, cut at a comma between them
    (
        "en",
        "A completed road scores 1 point per tile, an incomplete road scores 1 point per tile"
        " at the end of the game.",
        ["road completed tile 1", "road incomplete tile 1"],
    ),
    (
        "de",
        "Eine fertige Stadt bringt 2 Punkte pro Plättchen, eine unfertige am Spielende nur 1"
        " Punkt pro Plättchen.",
        ["city completed tile 2", "city incomplete tile 1"],
    ),
    (
        "nl",
        "Een voltooide stad levert 2 punten per tegel op, een onvoltooide stad aan het einde van"
        " het spel 1 punt per tegel.",
        ["city completed tile 2", "city incomplete tile 1"],
    ),
    (
        "fr",
        "Une ville achevée rapporte 2 points par tuile, une ville inachevée 1 point par tuile en"
        " fin de partie.",
        ["city completed tile 2", "city incomplete tile 1"],
    ),
    (
        "it",
        "Una città completata vale 2 punti per tessera, una città incompleta alla fine della"
        " partita 1 punto per tessera.",
        ["city completed tile 2", "city incomplete tile 1"],
    ),
    (  # a condition between two commas is the next amount's
        "en",
        "A city with a cathedral scores 3 points per tile, if it is incomplete at the end, it"
        " scores nothing.",
        ["cathedral completed tile 3", "cathedral incomplete tile 0"],
    ),
    (
        "de",
        "Für eine Straße mit Wirtshaus gibt es 2 Punkte pro Plättchen, ist sie am Ende nicht"
        " fertig, gibt es keine Punkte.",
        ["inn completed tile 2", "inn incomplete tile 0"],
    ),
    (  # a condition after the last amount is every amount's
        "en",
        "Roads score 1 point per tile, cities 2 points per tile, if they are incomplete at the"
        " end of the game.",
        ["road incomplete tile 1", "city incomplete tile 2"],
    ),
    # three or more features listed with commas alone are each scored
    (
        "de",
        "Unfertige Straßen, Städte, Klöster bringen am Spielende 1 Punkt pro Plättchen.",
        ["road incomplete tile 1", "city incomplete tile 1", "monastery incomplete tile 1"],
    ),
    (
        "en",
        "Incomplete roads, cities, monasteries score 1 point per tile at the end of the game.",
        ["road incomplete tile 1", "city incomplete tile 1", "monastery incomplete tile 1"],
    ),
    (
        "nl",
        "Onvoltooide wegen, steden, kloosters leveren aan het einde van het spel 1 punt per"
        " tegel op.",
        ["road incomplete tile 1", "city incomplete tile 1", "monastery incomplete tile 1"],
    ),
    # of two features matching one compound, the longer stem's names it
    ("de", "Jeder Stadtturm bringt 1 Punkt pro Mauerteil.", ["tower completed wall_segment 1"]),
    ("nl", "Een stadstoren levert 1 punt per muurdeel op.", ["tower completed wall_segment 1"]),
    # "N instead of M points" of a feature no modifier changes: M is no rate
    (
        "de",
        "Eine Stadt aus zwei Plättchen gibt nur zwei statt vier Punkte.",
        ["city completed fixed 2"],
    ),
    ("en", "A city of two tiles scores only 2 instead of 4 points.", ["city completed fixed 2"]),
    (
        "nl",
        "Een stad van twee tegels levert maar 2 in plaats van 4 punten op.",
        ["city completed fixed 2"],
    ),
    # a unit implying its feature, in a comma segment that names none
    (
        "de",
        "Straße 1 Punkt pro Karte, Stadt 2 Punkte pro Karte, Wappen 2 Punkte.",
        ["road completed tile 1", "city completed tile 2", "city completed coat_of_arms 2"],
    ),
    (
        "en",
        "Road 1 point per tile, city 2 points per tile, pennant 2 points, monastery 9 points.",
        ["road completed tile 1", "city completed tile 2", "city completed coat_of_arms 2"],
    ),
    (
        "nl",
        "Weg 1 punt per tegel, stad 2 punten per tegel, wapen 2 punten.",
        ["road completed tile 1", "city completed tile 2", "city completed coat_of_arms 2"],
    ),
    # "pub" is a whole word: "public" buildings are no inn's
    (
        "en",
        "Each wall guard scores 2 points for each public building and 3 points for each"
        " historic building.",
        ["guard completed public_building 2", "guard completed historic_building 3"],
    ),
    # a unit that is a feature's as the subject, not a majority's goods tokens
    (
        "de",
        "Ein Weinberg neben einem fertigen Kloster bringt 3 zusätzliche Punkte.",
        ["monastery completed vineyard 3"],
    ),
    (
        "nl",
        "Een wijngaard naast een voltooid klooster levert 3 extra punten op.",
        ["monastery completed vineyard 3"],
    ),
    (
        "en",
        "A vineyard next to a completed monastery adds 3 extra points.",
        ["monastery completed vineyard 3"],
    ),
    (
        "de",
        "Liegen Pilze im Wald, bringt das zwei weitere Punkte.",
        ["forest completed mushroom 2"],
    ),
    (
        "de",
        "Wer die meisten Warenplättchen hat, bekommt 10 Punkte.",
        ["goods end_game majority 10"],
    ),
    # a short head before a colon names the feature of the amounts after it
    (
        "de",
        "Der König: Wer die größte Stadt fertigstellt, erhält am Spielende 1 Punkt für jede"
        " fertige Stadt.",
        ["king end_game completed_city 1"],
    ),
    (
        "en",
        "The king: whoever completes the largest city scores 1 point per completed city at the"
        " end of the game.",
        ["king end_game completed_city 1"],
    ),
    (
        "nl",
        "De koning: wie de grootste stad voltooit, krijgt aan het einde van het spel 1 punt per"
        " voltooide stad.",
        ["king end_game completed_city 1"],
    ),
    # a feature after "like" is a comparison, not the feature scored
    (
        "de",
        "Eine Kultstätte wird wie ein Kloster gewertet und bringt 9 Punkte.",
        ["shrine completed fixed 9"],
    ),
    ("en", "A shrine is scored like a monastery and gives 9 points.", ["shrine completed fixed 9"]),
    (
        "nl",
        "Een heiligdom wordt net als een klooster gewaardeerd en levert 9 punten op.",
        ["shrine completed fixed 9"],
    ),
    # a penalty word right after the amount subtracts it too
    (
        "de",
        "Ein Spieler kauft seinen Gefangenen zurück, indem er dem anderen Spieler 3 Punkte zahlt.",
        ["prisoner completed fixed -3"],
    ),
    (
        "en",
        "When a prisoner is bought back, 3 points are deducted from its owner's score.",
        ["prisoner completed fixed -3"],
    ),
    (
        "nl",
        "Wie zijn gevangene terugkoopt, moet daarvoor 3 punten betalen.",
        ["prisoner completed fixed -3"],
    ),
    # the feature the amount's own unit is of, over a feature it stands in
    (
        "de",
        "Der Schäfer erhält für jedes Schaf auf seiner Wiese einen Punkt.",
        ["flock completed sheep 1"],
    ),
    (
        "en",
        "The shepherd scores 1 point for each sheep in his field.",
        ["flock completed sheep 1"],
    ),
    (
        "nl",
        "De herder krijgt voor elk schaap in zijn weiland 1 punt.",
        ["flock completed sheep 1"],
    ),
    (  # a modifier of the unit's feature stays
        "de",
        "Eine Stadt mit Kathedrale bringt 3 Punkte pro Wappen.",
        ["cathedral completed coat_of_arms 3"],
    ),
    # a unit joined to another with up to two words before it (no number, points or per word)
    (
        "de",
        "In einer fertigen Stadt erhält der Ritter zwei Punkte pro Plättchen sowie eventuell"
        " vorhandene Wappen.",
        ["city completed tile 2", "city completed coat_of_arms 2"],
    ),
    (
        "en",
        "A completed city scores 2 points per tile and any pennants.",
        ["city completed tile 2", "city completed coat_of_arms 2"],
    ),
    (
        "nl",
        "Een voltooide stad levert 2 punten per tegel en elk aanwezig wapen op.",
        ["city completed tile 2", "city completed coat_of_arms 2"],
    ),
    (
        "en",
        "A completed city scores 2 points per tile and two per pennant.",
        ["city completed tile 2", "city completed coat_of_arms 2"],
    ),
    # a points word opening a clause that ends in a negation (German word order)
    ("de", "Punkte bringt ein Affenbrotbaum keine.", ["baobab completed fixed 0"]),
    ("de", "Punkte gibt es für einen Garten keine.", ["garden completed fixed 0"]),
    # "N points instead of one per tile": the number word after "instead of" is no article,
    # and the unit after it is the first amount's too
    (
        "de",
        "Eine Straße mit Wirtshaus bringt zwei Punkte statt einem pro Plättchen.",
        ["inn completed tile 2", "road completed tile 1"],
    ),
    (
        "en",
        "A road with an inn scores two points instead of one per tile.",
        ["inn completed tile 2", "road completed tile 1"],
    ),
    (
        "nl",
        "Een weg met een herberg levert twee punten in plaats van één per tegel op.",
        ["inn completed tile 2", "road completed tile 1"],
    ),
    # a multiplier word whose rate the sentence states with "instead of" is no claim of its own
    (
        "de",
        "Ein Brunnen verdoppelt den Wert der Straße: zwei Punkte statt einem pro Plättchen.",
        ["well completed tile 2", "road completed tile 1"],
    ),
    (
        "nl",
        "Een waterput verdubbelt de waarde van de weg: twee punten in plaats van één per tegel.",
        ["well completed tile 2", "road completed tile 1"],
    ),
    # sheep are a flock's
    ("de", "Jedes Schaf bringt einen Punkt.", ["flock completed sheep 1"]),
    ("en", "Each sheep scores 1 point.", ["flock completed sheep 1"]),
    ("nl", "Elk schaap levert 1 punt op.", ["flock completed sheep 1"]),
    # a number ending a comma segment that names a feature, after another amount
    (
        "de",
        "Straßen bringen einen Punkt je Plättchen, Städte zwei.",
        ["road completed tile 1", "city completed tile 2"],
    ),
    (
        "de",
        "Für jedes Plättchen einer Straße gibt es einen Punkt, bei Städten sind es zwei.",
        ["road completed tile 1", "city completed tile 2"],
    ),
    (
        "en",
        "Completed roads score 1 point per tile, completed cities 2, and monasteries 9.",
        ["road completed tile 1", "city completed tile 2", "monastery completed fixed 9"],
    ),
    (
        "nl",
        "Wegen leveren 1 punt per tegel op, steden 2.",
        ["road completed tile 1", "city completed tile 2"],
    ),
    (
        "fr",
        "Les routes rapportent 1 point par tuile, les villes 2.",
        ["road completed tile 1", "city completed tile 2"],
    ),
    (  # ... or a state, with a number word that is also an article
        "de",
        "Eine fertige Stadt bringt 2 Punkte pro Stadtteil, am Spielende nur noch einen.",
        ["city completed tile 2", "city incomplete tile 1"],
    ),
    (
        "en",
        "A completed city scores 2 points per tile, at the end of the game only one.",
        ["city completed tile 2", "city incomplete tile 1"],
    ),
    # "per X N points and per Y (another) N points": each unit opens its own amount
    (
        "nl",
        "Voor elke tegel van de stad krijg je 2 punten en voor elk schild nog eens 2 punten.",
        ["city completed tile 2", "city completed coat_of_arms 2"],
    ),
    (
        "de",
        "Für jedes Plättchen der Stadt gibt es 2 Punkte und für jedes Wappen gibt es nochmals 2"
        " Punkte.",
        ["city completed tile 2", "city completed coat_of_arms 2"],
    ),
    (
        "en",
        "For each tile of the city you score 2 points and for each coat of arms another 2 points.",
        ["city completed tile 2", "city completed coat_of_arms 2"],
    ),
    # a rate whose unit opens the sentence stays a rate before "plus" another rate
    (
        "en",
        "Every tile in a finished city is worth 2 points, plus 2 points per coat of arms.",
        ["city completed tile 2", "city completed coat_of_arms 2"],
    ),
    (
        "de",
        "Jedes Plättchen einer fertigen Stadt zählt 2 Punkte, plus 2 Punkte pro Wappen.",
        ["city completed tile 2", "city completed coat_of_arms 2"],
    ),
    (
        "nl",
        "Elke tegel van een voltooide stad is 2 punten waard, plus 2 punten per wapen.",
        ["city completed tile 2", "city completed coat_of_arms 2"],
    ),
    # German points words in the dative and in compounds
    ("de", "Eine Stadt wird mit zwei Punkten pro Plättchen belohnt.", ["city completed tile 2"]),
    (
        "de",
        "Die Fee bringt ihrem Besitzer drei Bonuspunkte, wenn das Gebiet gewertet wird.",
        ["fairy completed fixed 3"],
    ),
]


@pytest.mark.parametrize(
    ("language", "title", "text", "expected"),
    [
        (
            "de",
            "Carcassonne: Die Stadt",
            "Die Stadt besteht aus Märkten, Wohngebiete bringen am Ende 2 Punkte pro"
            " angrenzendem Markt.",
            ["residential end_game market 2"],
        ),
        (
            "en",
            "The City",
            "The city is made of markets, residential areas score 2 points per adjacent market at"
            " the end of the game.",
            ["residential end_game market 2"],
        ),
        (
            "nl",
            "De Stad",
            "De stad bestaat uit markten, woonwijken leveren aan het einde van het spel 2 punten"
            " per aangrenzende markt op.",
            ["residential end_game market 2"],
        ),
    ],
)
def test_a_title_feature_outside_the_amounts_segment_is_not_the_one_scored(
    language: str, title: str, text: str, expected: list[str]
) -> None:
    found = extract_claims(text, [title], ClaimState.COMPLETED, vocabulary(language))
    keys = [claim_key(c.feature, c.state, c.unit, c.points, c.sign, c.multiplier) for c in found]
    assert Counter(k for k in keys if k is not None) == Counter(map(parse_annotation, expected))


@pytest.mark.parametrize(("language", "text", "expected"), SHAPES)
def test_a_statement_shape_reads_in_every_language(
    language: str, text: str, expected: list[str]
) -> None:
    found = extract_claims(text, [], ClaimState.COMPLETED, vocabulary(language))
    keys = [claim_key(c.feature, c.state, c.unit, c.points, c.sign, c.multiplier) for c in found]
    assert Counter(k for k in keys if k is not None) == Counter(map(parse_annotation, expected))


def test_every_language_has_shapes() -> None:
    assert {language for language, _, _ in SHAPES} >= {
        "ca",
        "cs",
        "de",
        "en",
        "es",
        "fr",
        "hu",
        "it",
        "nl",
        "pl",
        "pt",
        "ro",
        "ru",
        "sk",
    }


def test_a_list_item_under_any_heading_is_a_scoring_summary() -> None:
    output = run(
        "== Spielende ==\n"
        "* Jede nicht fertige Straße bringt 1 Punkt pro Plättchen.\n"
        "* Die Spieler zählen ihre Punkte zusammen.\n",
        title="Base game/de",
        language="de",
    )
    rules = [r for r in output.rows["rules"] if isinstance(r, Rule)]
    summaries = [r for r in rules if r.kind is RuleKind.SCORING_SUMMARY]
    assert [r.form for r in summaries] == ["list_item"]  # the item without points is none
    claims = [c for c in output.rows["scoring_claims"] if isinstance(c, ScoringClaim)]
    assert [(c.feature, c.state.value, c.unit, c.points) for c in claims] == [
        ("road", "incomplete", "tile", 1)
    ]


def test_the_page_title_names_the_phase_a_rule_leaves_out() -> None:
    output = run(
        "{{RulesScoring|title=Straßen|rules=Jede Straße bringt 1 Punkt pro Plättchen.}}",
        title="Carcassonne Scoring After the Game/de",
        language="de",
    )
    claims = [c for c in output.rows["scoring_claims"] if isinstance(c, ScoringClaim)]
    assert [(c.feature, c.state.value, c.unit, c.points) for c in claims] == [
        ("road", "incomplete", "tile", 1)
    ]


def test_an_image_caption_states_a_worked_example_not_a_rate() -> None:
    output = run(
        "{{RulesScoring|title=Ein Kloster werten|rules=Ein Kloster bringt 9 Punkte."
        "[[File:Kloster.png|thumb|Das Kloster bringt 9 Punkte.]]}}",
        title="Base game/de",
        language="de",
    )
    claims = [c for c in output.rows["scoring_claims"] if isinstance(c, ScoringClaim)]
    assert sorted((c.sentence, c.unit) for c in claims) == [
        ("Das Kloster bringt 9 Punkte.", "unknown"),
        ("Ein Kloster bringt 9 Punkte.", "fixed"),
    ]


def test_a_penalty_word_subtracts_the_amount() -> None:
    found = extract_claims(
        "Ein Turm verliert 2 Punkte pro Plättchen.",
        ["Turm"],
        ClaimState.COMPLETED,
        vocabulary("de"),
    )
    assert [(c.unit, c.points, c.sign, c.bonus) for c in found] == [("tile", 2, -1, True)]
